/**
 * Every business endpoint of the service, by capability. Each capability's
 * routes module exports a factory taking the dependencies it needs.
 */
import type { Endpoint } from "./platform/endpoint.ts";
import type { Storage, SubjectStore } from "./db/storage.ts";
import { SUBJECT_KINDS, SUBJECTS, type Capability } from "./subjects.ts";
import type { Config } from "./config.ts";
import { baziEndpoints } from "./bazi/routes.ts";
import { CONVENTIONS_JSON } from "./bazi/index.ts";
import { liuyaoEndpoints } from "./liuyao/routes.ts";
import { healingEndpoints } from "./healing/routes.ts";
import { responsesEndpoints } from "./responses/routes.ts";
import { usageEndpoint } from "./platform/usage-endpoint.ts";
import { erasureEndpoint } from "./platform/erasure-endpoint.ts";
import type { RequestCounter } from "./platform/usage.ts";
import type { ResponseObserver } from "./responses/observed-interpreter.ts";

export interface EndpointDeps {
  store: Storage;
  config: Config;
  clock: () => number;
  counter: RequestCounter;
  /** Told escalations and model calls (the metrics); none in most tests. */
  observer?: ResponseObserver | null;
}

/** Each capability's Subject store (src/subjects.ts), as Responses look a Subject up. */
function subjectStoresByCapability(store: Storage): Record<Capability, SubjectStore> {
  return Object.fromEntries(SUBJECT_KINDS.map((kind) => [SUBJECTS[kind].capability, store.subjects[kind]])) as Record<Capability, SubjectStore>;
}

export function businessEndpoints(deps: EndpointDeps): Endpoint[] {
  const { chart: charts, cast: casts, plan: plans } = deps.store.subjects;
  return [
    ...baziEndpoints(charts),
    ...liuyaoEndpoints(casts),
    ...healingEndpoints({ sessions: deps.store.sessions, plans, charts }),
    ...responsesEndpoints({ responses: deps.store.responses, config: deps.config, subjects: subjectStoresByCapability(deps.store), observer: deps.observer ?? null }),
    usageEndpoint({ store: deps.store, counter: deps.counter }),
    erasureEndpoint(deps.store),
  ];
}

/** Constant blocks of stored records, kept once by the storage (src/db/record-fragments.ts). */
export const STORED_RECORD_FRAGMENTS: readonly string[] = [CONVENTIONS_JSON];

/**
 * Every business endpoint of the service, by capability. Each capability's
 * routes module exports a factory taking the dependencies it needs.
 */
import type { Endpoint } from "./platform/endpoint.ts";
import type { Store } from "./db/store.ts";
import type { Config } from "./config.ts";
import { SubjectRepository } from "./db/subjects.ts";
import { baziEndpoints } from "./bazi/routes.ts";
import { liuyaoEndpoints } from "./liuyao/routes.ts";
import { healingEndpoints } from "./healing/routes.ts";
import { responsesEndpoints } from "./responses/routes.ts";

export interface EndpointDeps {
  store: Store;
  config: Config;
  clock: () => number;
}

export function businessEndpoints(deps: EndpointDeps): Endpoint[] {
  const charts = new SubjectRepository(deps.store, "chart");
  const casts = new SubjectRepository(deps.store, "cast");
  const plans = new SubjectRepository(deps.store, "plan");
  return [
    ...baziEndpoints(charts),
    ...liuyaoEndpoints(casts),
    ...healingEndpoints({ store: deps.store, plans, charts }),
    ...responsesEndpoints({ store: deps.store, config: deps.config, subjects: { bazi: charts, liuyao: casts, healing: plans } }),
  ];
}

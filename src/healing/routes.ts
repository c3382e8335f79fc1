/**
 * The Healing endpoints: POST/GET/DELETE /v1/healing/plans here, Sessions and checkout in
 * session-routes.ts. Safety, filtering and scoring happen in the pure core (createPlanBody);
 * the route validates, reads the named chart, stores the Plan and answers.
 */
import { defineEndpoint, type Endpoint } from "../platform/endpoint.ts";
import { missingFromBody, validationError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { iso } from "../platform/schemas.ts";
import { subjectCreated, subjectReadDeleteEndpoints } from "../platform/subject-endpoints.ts";
import { createPlanBody, findDuplicateItems, getProtocol, type BaziElements } from "./index.ts";
import { PlanPayload } from "./model.ts";
import { HealingPlanRecord } from "./records.ts";
import { sessionEndpoints } from "./session-routes.ts";
import type { SessionStore, SubjectStore } from "../db/storage.ts";
import { SUBJECTS } from "../subjects.ts";

export interface HealingDeps {
  sessions: SessionStore;
  plans: SubjectStore;
  /** Read only: a Plan may name a BaZi chart of the same App. */
  charts: SubjectStore;
}

/**
 * The favourable and unfavourable elements of a chart of this App, as the chart itself
 * states them (`five_elements`). The chart is read, never changed.
 * @throws ApiError 422 BAZI_CHART_NOT_FOUND (another App's chart reads as missing)
 */
async function chartElements(charts: SubjectStore, appId: string, chartId: string): Promise<BaziElements> {
  const chart = await charts.get(appId, chartId);
  if (chart === null) {
    throw missingFromBody("BAZI_CHART_NOT_FOUND", "BaZi chart", "bazi_chart_id", chartId, "create it first or leave bazi_chart_id out");
  }
  return (JSON.parse(chart) as { five_elements: BaziElements }).five_elements;
}

/**
 * Absolute URL of a protocol's audio track under `origin` (PUBLIC_BASE_URL, else the
 * request's own origin), or null when it has none.
 */
function assetUrlUnder(origin: string) {
  return (protocolId: string): string | null => {
    const path = getProtocol(protocolId)?.audio?.path;
    return path === undefined ? null : origin + path;
  };
}

function planEndpoints(plans: SubjectStore, charts: SubjectStore): Endpoint[] {
  return [
    defineEndpoint({
      method: "POST",
      path: "/v1/healing/plans",
      operationId: "create_healing_plan",
      summary: "Create a Healing Plan",
      description:
        "Evaluates the safety red lines first: any hit (immediate danger, any crisis flag, driving or operating) gives a `blocked` Plan with `reason_codes` and the fixed safety-action text, and nothing else runs. Otherwise the hard filters restrict the catalog and the survivors are scored with integers (goal 35%, emotion 20%, arousal 15%, time 15%, preference 10%, BaZi chart exactly 5%); the winner's complete protocol snapshot is embedded, immutable. If nothing survives, the one-minute eyes-open orienting practice is recommended (`selection.mode: \"fallback\"`). Both outcomes answer 201. Invalid payloads (including a repeated array item) answer 422 `VALIDATION_ERROR`; a `bazi_chart_id` that is not a chart of your App 422 `BAZI_CHART_NOT_FOUND`. Not medical care.",
      tag: "Healing",
      capability: "healing",
      idempotent: true,
      claimInWrite: true,
      body: PlanPayload,
      validationStatus: 422,
      errors: ["BAZI_CHART_NOT_FOUND"],
      success: { status: 201, description: "The created Plan, `recommended` or `blocked`.", schema: HealingPlanRecord },
      async handle(ctx) {
        const body = ctx.body;
        const duplicates = findDuplicateItems(body);
        if (duplicates.length > 0) throw validationError(duplicates, 422);
        const bazi = body.bazi_chart_id === undefined ? null : await chartElements(charts, ctx.app.id, body.bazi_chart_id);
        const record = {
          id: newId("plan"),
          object: "healing.plan",
          ...createPlanBody(body, { bazi, assetUrlFor: assetUrlUnder(ctx.origin) }),
          end_user_id: body.end_user_id ?? null,
          metadata: body.metadata ?? null,
          created_at: iso(ctx.now),
        };
        return subjectCreated(plans, { appId: ctx.app.id, endUserId: record.end_user_id, createdAt: ctx.now }, record);
      },
    }),
    ...subjectReadDeleteEndpoints({
      ...SUBJECTS.plan,
      repository: plans,
      schema: HealingPlanRecord,
      idempotentDelete: true,
      downstream: "its Sessions (with their events and checkouts) and Responses",
    }),
  ];
}

export function healingEndpoints(deps: HealingDeps): Endpoint[] {
  return [...planEndpoints(deps.plans, deps.charts), ...sessionEndpoints(deps.plans, deps.sessions)];
}

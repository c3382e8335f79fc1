/**
 * POST/GET/DELETE /v1/bazi/charts: the schema checks shape and types, the pure
 * engine checks that the date exists, computes the chart; the route stores it.
 */
import { defineEndpoint, type Endpoint } from "../platform/endpoint.ts";
import { validationError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { iso } from "../platform/schemas.ts";
import { defineSubjectRead, subjectCreated, subjectReadDeleteEndpoints } from "../platform/subject-endpoints.ts";
import { computeChart, luckWithYears, type ChartForYears, validateBirth } from "./index.ts";
import { ChartPayload, ChartReadQuery, ChartRecord } from "./model.ts";
import type { SubjectStore } from "../db/storage.ts";
import { SUBJECTS } from "../subjects.ts";

export function baziEndpoints(charts: SubjectStore): Endpoint[] {
  return [
    defineEndpoint({
      method: "POST",
      path: "/v1/bazi/charts",
      operationId: "create_bazi_chart",
      summary: "Create a BaZi chart",
      description:
        "Computes the four pillars and the derived chart for a birth in civil UTC+08:00 time: the year changes at the exact 立春 instant, the month at the exact 节 instants, the day at 00:00 with 23:00–23:59 as 子 hour of the next day's stem. Impossible dates (2023-02-30, a leap month that year does not have) are refused with 400.",
      tag: "BaZi",
      capability: "bazi",
      idempotent: true,
      claimInWrite: true,
      body: ChartPayload,
      errors: [],
      success: { status: 201, description: "The created chart.", schema: ChartRecord },
      async handle(ctx) {
        const checked = validateBirth(ctx.body.birth);
        if (!checked.ok) throw validationError(checked.details);
        const id = newId("chart");
        const record = {
          id,
          object: "bazi.chart",
          created_at: iso(ctx.now),
          end_user_id: ctx.body.end_user_id ?? null,
          metadata: ctx.body.metadata ?? null,
          ...computeChart(checked.birth),
        };
        return subjectCreated(charts, { appId: ctx.app.id, endUserId: ctx.body.end_user_id ?? null, createdAt: ctx.now }, record);
      },
    }),
    ...subjectReadDeleteEndpoints({
      ...SUBJECTS.chart,
      repository: charts,
      schema: ChartRecord,
      read: defineSubjectRead({
        query: ChartReadQuery,
        description:
          "`include=luck.years` adds each luck pillar's ten annual pillars (流年: `luck.pillars[i].years`) and the minor luck years before the first (小运: `luck.xiao_yun`), each with its ten god and how it meets the chart; they are derived on every read (about 29 KB more) rather than stored, so creation stays as fast as it was.",
        extend(record, query) {
          if (!query.include?.includes("luck.years")) return null;
          const chart = JSON.parse(record) as ChartForYears;
          return { ...chart, luck: luckWithYears(chart) };
        },
      }),
    }),
  ];
}

/**
 * GET /v1/usage: the calling App's current UTC month as the limits see it — billing units spent
 * against the monthly quota, requests made, and the per-minute and concurrency limits — so a client
 * can see the quota coming before a 429 tells it.
 */
import { Type } from "@sinclair/typebox";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { iso } from "./schemas.ts";
import { msUntilNextMonth, utcMonth, type RequestCounter } from "./usage.ts";
import type { Storage } from "../db/storage.ts";

export const UsageSchema = Type.Object(
  {
    object: Type.Literal("usage", { description: "Always `usage`." }),
    app_id: Type.String({ description: "The calling App's id (`app_…`)." }),
    month: Type.String({ pattern: "^\\d{4}-\\d{2}$", description: "The UTC month counted (YYYY-MM)." }),
    billing_units: Type.Integer({ minimum: 0, description: "Units spent this month: one per Response (the safety text included)." }),
    monthly_quota: Type.Integer({ minimum: 0, description: "Units the App may spend this month; past it, billable requests answer 429 MONTHLY_QUOTA_EXCEEDED." }),
    remaining: Type.Integer({ minimum: 0, description: "monthly_quota − billing_units, never below 0." }),
    requests: Type.Integer({ minimum: 0, description: "Authenticated requests this month, this one included (billed or not)." }),
    rate_limit: Type.Object(
      {
        requests_per_minute: Type.Integer({ minimum: 1, description: "Requests the App may make per minute; beyond them, requests answer 429 RATE_LIMITED." }),
        concurrency: Type.Integer({ minimum: 1, description: "Requests of the App in flight at once." }),
      },
      { additionalProperties: false, description: "The App's request limits; beyond either, requests answer 429 RATE_LIMITED or CONCURRENCY_LIMITED." },
    ),
    resets_at: Type.String({ format: "date-time", description: "When the month's units start again from 0 (UTC)." }),
  },
  {
    $id: "Usage",
    additionalProperties: false,
    description: "The calling App's use of the current UTC month: billing units against the monthly quota, requests, and its rate limits.",
    examples: [{ object: "usage", app_id: "app_9Qb2xk", month: "2026-11", billing_units: 1240, monthly_quota: 100000, remaining: 98760, requests: 5310, rate_limit: { requests_per_minute: 600, concurrency: 20 }, resets_at: "2026-12-01T00:00:00.000Z" }],
  },
);

export function usageEndpoint(deps: { store: Storage; counter: RequestCounter }): Endpoint {
  return defineEndpoint({
    method: "GET",
    path: "/v1/usage",
    operationId: "get_usage",
    summary: "Read the App's usage this month",
    description: "The calling App's billing units and requests this UTC month, its monthly quota and what remains, and its rate limits. It costs no billing unit; it counts as a request.",
    tag: "Usage",
    capability: null,
    idempotent: false,
    errors: [],
    success: { status: 200, description: "The App's usage.", schema: UsageSchema },
    async handle(ctx) {
      const month = utcMonth(ctx.now);
      const stored = await deps.store.usage.get(ctx.app.id, month);
      const units = stored.billingUnits;
      return {
        status: 200,
        body: {
          object: "usage",
          app_id: ctx.app.id,
          month,
          billing_units: units,
          monthly_quota: ctx.app.monthlyQuota,
          remaining: Math.max(0, ctx.app.monthlyQuota - units),
          // Request counts are written once a second: the ones still buffered count too.
          requests: stored.requests + deps.counter.pendingFor(ctx.app.id, month),
          rate_limit: { requests_per_minute: ctx.app.rpm, concurrency: ctx.app.concurrency },
          resets_at: iso(ctx.now + msUntilNextMonth(ctx.now)),
        },
      };
    },
  });
}

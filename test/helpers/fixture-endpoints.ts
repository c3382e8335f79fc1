/**
 * Small endpoints that exist only in platform tests, so that idempotency and
 * limits can be proven without any capability. Their side effect is counted in
 * memory; the stored idempotent answers go to the real database.
 */
import { Type } from "@sinclair/typebox";
import { defineEndpoint, type Endpoint } from "../../src/platform/endpoint.ts";
import { ApiError } from "../../src/platform/errors.ts";
import { newId } from "../../src/ids.ts";
import { utcMonth } from "../../src/platform/usage.ts";
import type { Storage as Store } from "../../src/db/storage.ts";

export interface FixtureState {
  created: string[];
  /** Resolves the pending slow handler(s). */
  gate: Promise<void> | null;
}

export const WidgetPayload = Type.Object(
  {
    name: Type.String({ maxLength: 20 }),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
    nested: Type.Optional(Type.Object({ flag: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export function fixtureEndpoints(state: FixtureState, store: Store): Endpoint[] {
  const base = { description: "test fixture", tag: "Test", errors: [] };
  return [
    defineEndpoint({
      ...base,
      method: "POST",
      path: "/v1/test/widgets",
      operationId: "createWidget",
      summary: "Create a widget",
      capability: "bazi",
      idempotent: true,
      body: WidgetPayload,
      success: { status: 201, description: "created" },
      async handle(ctx) {
        if (ctx.body.name === "boom") throw new Error("fixture fault");
        if (ctx.body.name === "missing") throw new ApiError("RESOURCE_NOT_FOUND", "fixture 404");
        if (ctx.body.name === "slow" && state.gate) await state.gate;
        const id = newId("chart");
        return {
          status: 201,
          body: { id, object: "widget", name: ctx.body.name, created_at: new Date(ctx.now).toISOString() },
          commit: async (completion) => {
            state.created.push(id);
            if (completion) await store.idempotency.complete(completion);
          },
        };
      },
    }),
    defineEndpoint({
      ...base,
      method: "POST",
      path: "/v1/test/billable",
      operationId: "createBillable",
      summary: "Counts one billing unit, like a Response",
      capability: null,
      idempotent: true,
      billable: true,
      body: WidgetPayload,
      success: { status: 201, description: "created" },
      async handle(ctx) {
        const id = newId("response");
        const body = { id, name: ctx.body.name };
        // Billed the way a Response is: its row, its unit and the stored answer in one transaction.
        // A Response needs its Subject: a chart of its own, made first (it stays if the unit is refused).
        const subjectId = newId("chart");
        const row = { id, appId: ctx.app.id, capability: "bazi" as const, subjectId, previousResponseId: null, createdAt: ctx.now, summary: "", record: JSON.stringify(body) };
        return {
          status: 201,
          body,
          commit: async (completion) => {
            await store.subjects.chart.insert({ id: subjectId, appId: ctx.app.id, endUserId: null, createdAt: ctx.now, record: "{}" });
            await store.responses.insert(row, { month: utcMonth(ctx.now), units: 1 }, completion);
          },
        };
      },
    }),
    defineEndpoint({
      ...base,
      method: "POST",
      path: "/v1/test/strict",
      operationId: "createStrict",
      summary: "Plan-like 422 validation",
      capability: "healing",
      idempotent: true,
      body: WidgetPayload,
      validationStatus: 422,
      success: { status: 201, description: "created" },
      async handle() {
        return { status: 201, body: { ok: true } };
      },
    }),
    defineEndpoint({
      ...base,
      method: "GET",
      path: "/v1/test/widgets/:widget_id",
      operationId: "getWidget",
      summary: "Read a widget",
      capability: "bazi",
      idempotent: false,
      params: [{ name: "widget_id", pattern: /^bzc_/, description: "widget id" }],
      success: { status: 200, description: "the widget" },
      async handle(ctx) {
        if (!state.created.includes(ctx.params.widget_id!)) throw new ApiError("RESOURCE_NOT_FOUND", `No widget ${ctx.params.widget_id}.`);
        return { status: 200, body: { id: ctx.params.widget_id } };
      },
    }),
  ];
}

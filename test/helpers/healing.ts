/**
 * Healing payloads and request shortcuts shared by the HTTP tests: a calm adult check-in,
 * a blocked one, and helpers that create a Plan, start a Session and send events.
 */
import { compile } from "../../src/platform/validation.ts";
import { HealingCheckoutRecord, HealingPlanRecord, HealingSessionRecord } from "../../src/healing/records.ts";
import { uniqueKey, type TestResponse, type TestServer } from "./server.ts";
import { baseInput } from "../unit/healing/fixtures.ts";

/** The unit tests' calm adult baseline: nothing in it triggers a red line or a hard filter. */
export function calmPlan(overrides: Record<string, unknown> = {}): Record<string, any> {
  return { ...baseInput(), ...overrides };
}

/** Two red lines: IMMEDIATE_DANGER first, then MEDICAL_CHEST_PAIN. */
export function blockedPlan(): Record<string, any> {
  const p = calmPlan();
  p.safety = { ...p.safety, immediate_danger: true, crisis_flags: ["chest_pain"] };
  return p;
}

export const checkoutPayload = (overrides: Record<string, unknown> = {}) => ({
  before_intensity: 6, after_intensity: 3, perceived_change: "somewhat_better", body_state: "more_settled",
  would_repeat: true, adverse_experience: false, adverse_tags: [], ...overrides,
});

/** Real answers are checked against the documented (OpenAPI) schemas. */
const planShape = compile(HealingPlanRecord);
const sessionShape = compile(HealingSessionRecord);
const checkoutShape = compile(HealingCheckoutRecord);

function conform(check: (v: unknown) => { path: string; message: string }[], res: TestResponse): TestResponse {
  const problems = check(res.json);
  if (problems.length > 0) throw new Error(`answer does not match its documented schema: ${JSON.stringify(problems)}`);
  return res;
}

export function healingClient(s: TestServer) {
  let events = 0;
  const client = {
    postPlan: (body: unknown, key?: string, idem: string | null = uniqueKey("plan")) => s.request("POST", "/v1/healing/plans", { body, key, idempotencyKey: idem }),
    /** A Plan that must be created (201), checked against the documented schema. */
    async plan(body: unknown = calmPlan(), key?: string): Promise<any> {
      const res = await client.postPlan(body, key);
      if (res.status !== 201) throw new Error(`plan: ${res.status} ${res.text}`);
      return conform(planShape.check, res).json;
    },
    postSession: (body: unknown, key?: string, idem: string | null = uniqueKey("session")) => s.request("POST", "/v1/healing/sessions", { body, key, idempotencyKey: idem }),
    async session(planId: string, playback_mode = "guided", key?: string): Promise<any> {
      const res = await client.postSession({ plan_id: planId, playback_mode }, key);
      if (res.status !== 201) throw new Error(`session: ${res.status} ${res.text}`);
      return conform(sessionShape.check, res).json;
    },
    getSession: async (id: string, key?: string) => {
      const res = await s.request("GET", `/v1/healing/sessions/${id}`, { key });
      return res.status === 200 ? conform(sessionShape.check, res) : res;
    },
    /** Sends one event; a fresh client_event_id unless the event names one. */
    async event(id: string, event_type: string, elapsed_seconds: number, extra: Record<string, unknown> = {}, idem: string | null = uniqueKey("event")): Promise<TestResponse> {
      events += 1;
      const body = { client_event_id: `ev-${events}`, event_type, elapsed_seconds, occurred_at: "2026-01-02T03:04:05Z", ...extra };
      const res = await s.request("PATCH", `/v1/healing/sessions/${id}`, { body, idempotencyKey: idem });
      return res.status === 200 ? conform(sessionShape.check, res) : res;
    },
    async checkout(id: string, body: unknown = checkoutPayload(), idem: string | null = uniqueKey("checkout")): Promise<TestResponse> {
      const res = await s.request("POST", `/v1/healing/sessions/${id}/checkout`, { body, idempotencyKey: idem });
      return res.status === 201 ? conform(checkoutShape.check, res) : res;
    },
  };
  return client;
}

/** Rows left in a table for a column value, read straight from the database file. */
export function rows(s: TestServer, table: string, column: string, value: string): Promise<number> {
  return s.db.count(table, `${column} = ?`, value);
}

/**
 * Healing Sessions over HTTP: creation (and the blocked-Plan refusal with its safety text),
 * every (state, event) pair of the design's table, elapsed time, repeated client_event_id,
 * the event cap, crisis escalation, concurrent events and idempotent replays.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { blockedPlan, calmPlan, healingClient } from "../helpers/healing.ts";
import { SAFETY_ACTION } from "../../src/healing/safety.ts";
import { MAX_EVENTS_PER_SESSION } from "../../src/healing/sessions.ts";
import { DESIGN_TRANSITIONS } from "../unit/healing/fixtures.ts";

let s: TestServer;
let h: ReturnType<typeof healingClient>;
let planId: string;
beforeAll(async () => {
  s = await startServer({ clock: () => Date.parse("2026-01-02T03:04:05Z") });
  h = healingClient(s);
  planId = (await h.plan()).id;
});
afterAll(() => s.stop());

/** The design's table (state → event → next state; absent = 409), shared with the unit tests. */
const TABLE: Record<string, Record<string, string>> = DESIGN_TRANSITIONS;
const EVENTS = ["started", "paused", "resumed", "progressed", "completed", "stopped", "abandoned"];
/** How to bring a fresh Session into each state (elapsed 0 and 10). */
const PATHS: Record<string, string[]> = {
  ready: [], active: ["started"], paused: ["started", "paused"], completed: ["started", "completed"], stopped: ["started", "stopped"], abandoned: ["abandoned"],
};

async function sessionIn(state: string): Promise<string> {
  const { id } = await h.session(planId);
  for (const [i, type] of PATHS[state]!.entries()) expect((await h.event(id, type, i * 10)).status).toBe(200);
  return id;
}

describe("creation", () => {
  test("201: state ready, the playback mode, no events, no checkout, the protocol it will deliver", async () => {
    const plan = await h.plan();
    const res = await h.postSession({ plan_id: plan.id, playback_mode: "script_only", client_session_id: "c-1", end_user_id: "u-1" });
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^hsn_/);
    expect(res.json).toMatchObject({
      object: "healing.session", plan_id: plan.id, protocol_id: plan.protocol.id, playback_mode: "script_only", client_session_id: "c-1", end_user_id: "u-1",
      state: "ready", elapsed_seconds: 0, allowed_events: ["started", "abandoned"], events: [], safety_action: null, checkout: null,
      created_at: "2026-01-02T03:04:05.000Z", updated_at: "2026-01-02T03:04:05.000Z",
    });
    expect((await h.getSession(res.json.id)).text).toBe(res.text);
  });

  test("every playback mode is accepted, for the audio protocol and for script-only ones", async () => {
    const audioPlan = await h.plan(calmPlan({ check_in: { ...calmPlan().check_in, available_minutes: 10 }, preferences: { excluded_protocol_ids: ["extended_exhale_3"] } }));
    const scriptPlan = await h.plan(calmPlan({ preferences: { excluded_protocol_ids: ["music_breath_10"] } }));
    expect(audioPlan.protocol.id).toBe("music_breath_10");
    for (const plan of [audioPlan, scriptPlan]) {
      for (const mode of ["guided", "minimal", "script_only"]) expect((await h.session(plan.id, mode)).playback_mode).toBe(mode);
    }
  });

  test("a blocked Plan → 409 HEALING_PLAN_BLOCKED carrying the fixed safety-action text; nothing stored", async () => {
    const plan = await h.plan(blockedPlan());
    const error = expectErrorShape(await h.postSession({ plan_id: plan.id, playback_mode: "guided" }), 409, "HEALING_PLAN_BLOCKED");
    expect(error.safety_action).toEqual(SAFETY_ACTION);
    expect(error.plan_id).toBe(plan.id);
    expect(await s.db.count("sessions", "plan_id = ?", plan.id)).toBe(0);
  });

  test("a missing Plan, another App's Plan → 404; a bad payload → 400 VALIDATION_ERROR", async () => {
    const missing = expectErrorShape(await h.postSession({ plan_id: "hpl_missing", playback_mode: "guided" }), 404, "RESOURCE_NOT_FOUND");
    expect(missing.message).toBe('No Healing Plan "hpl_missing" exists in this App (plan_id in the body).');
    expect(missing.plan_id).toBe("hpl_missing");
    const other = await s.newTenant();
    expectErrorShape(await h.postSession({ plan_id: planId, playback_mode: "guided" }, other.key), 404, "RESOURCE_NOT_FOUND");
    const bad = expectErrorShape(await h.postSession({ plan_id: planId, playback_mode: "audio" }), 400, "VALIDATION_ERROR");
    expect(bad.details[0].path).toBe("playback_mode");
    expectErrorShape(await h.postSession({ plan_id: "bzc_x", playback_mode: "guided" }), 400, "VALIDATION_ERROR");
  });

  test("another App cannot read or move a Session", async () => {
    const { id } = await h.session(planId);
    const other = await s.newTenant();
    expectErrorShape(await h.getSession(id, other.key), 404, "RESOURCE_NOT_FOUND");
    const body = { client_event_id: "x", event_type: "started", elapsed_seconds: 0, occurred_at: "2026-01-02T03:04:05Z" };
    expectErrorShape(await s.request("PATCH", `/v1/healing/sessions/${id}`, { key: other.key, body, idempotencyKey: uniqueKey() }), 404, "RESOURCE_NOT_FOUND");
    expect((await h.getSession(id)).json.state).toBe("ready");
  });
});

describe("the state machine, pair by pair", () => {
  for (const [state, moves] of Object.entries(TABLE)) {
    for (const type of EVENTS) {
      const to = moves[type];
      test(`${state} + ${type} → ${to ?? "409 SESSION_STATE_CONFLICT"}`, async () => {
        const id = await sessionIn(state);
        const before = (await h.getSession(id)).json;
        const res = await h.event(id, type, 20);
        if (to) {
          expect(res.status).toBe(200);
          expect(res.json).toMatchObject({ state: to, elapsed_seconds: 20, allowed_events: Object.keys(TABLE[to]!) });
          expect(res.json.events.map((e: { event_type: string }) => e.event_type)).toEqual([...PATHS[state]!, type]);
          expect(res.json.events.map((e: { seq: number }) => e.seq)).toEqual(res.json.events.map((_: unknown, i: number) => i + 1));
        } else {
          const error = expectErrorShape(res, 409, "SESSION_STATE_CONFLICT");
          expect(error).toMatchObject({
            state, last_elapsed_seconds: before.elapsed_seconds, allowed_events: Object.keys(moves),
            reason: ["completed", "stopped", "abandoned"].includes(state) ? "SESSION_FINISHED" : "TRANSITION_NOT_ALLOWED",
          });
          expect((await h.getSession(id)).json.events).toEqual(before.events);
        }
      });
    }
  }

  test("a whole practice: started 0 → progressed → paused → resumed (same second) → completed; events in order", async () => {
    const { id } = await h.session(planId);
    for (const [type, at] of [["started", 0], ["progressed", 60], ["paused", 90], ["resumed", 90], ["completed", 600]] as const) {
      expect((await h.event(id, type, at)).status).toBe(200);
    }
    const session = (await h.getSession(id)).json;
    expect(session).toMatchObject({ state: "completed", elapsed_seconds: 600, allowed_events: [] });
    expect(session.events.map((e: any) => [e.seq, e.event_type, e.elapsed_seconds])).toEqual([
      [1, "started", 0], [2, "progressed", 60], [3, "paused", 90], [4, "resumed", 90], [5, "completed", 600],
    ]);
    expect(session.events[0]).toMatchObject({ occurred_at: "2026-01-02T03:04:05Z", received_at: "2026-01-02T03:04:05.000Z" });
  });

  test("elapsed_seconds going backwards → 409 with the last accepted value; the client resends in order", async () => {
    const id = await sessionIn("active");
    expect((await h.event(id, "progressed", 120)).status).toBe(200);
    const error = expectErrorShape(await h.event(id, "progressed", 119), 409, "SESSION_STATE_CONFLICT");
    expect(error).toMatchObject({ reason: "ELAPSED_WENT_BACKWARDS", state: "active", last_elapsed_seconds: 120 });
    expect(error.message).toContain("resend");
    expect((await h.event(id, "progressed", 121)).json.elapsed_seconds).toBe(121);
  });

  test("event payload validation → 400 with details", async () => {
    const { id } = await h.session(planId);
    const send = (body: unknown) => s.request("PATCH", `/v1/healing/sessions/${id}`, { body, idempotencyKey: uniqueKey() });
    const ok = { client_event_id: "v", event_type: "started", elapsed_seconds: 0, occurred_at: "2026-01-02T03:04:05Z" };
    for (const [body, path] of [
      [{ ...ok, event_type: "begun" }, "event_type"],
      [{ ...ok, elapsed_seconds: 86401 }, "elapsed_seconds"],
      [{ ...ok, occurred_at: "yesterday" }, "occurred_at"],
      [{ ...ok, reason_code: "r".repeat(65) }, "reason_code"],
      [{ ...ok, extra: 1 }, "extra"],
    ] as const) {
      expect(expectErrorShape(await send(body), 400, "VALIDATION_ERROR").details[0].path).toBe(path);
    }
  });
});

describe("client_event_id", () => {
  const started = { client_event_id: "same-id", event_type: "started", elapsed_seconds: 0, occurred_at: "2026-01-02T03:04:05Z" };

  test("the same event again (new Idempotency-Key) → 200 with the current Session, no second event", async () => {
    const { id } = await h.session(planId);
    await h.event(id, "started", 0, started);
    const progressed = await h.event(id, "progressed", 30);
    const again = await h.event(id, "started", 0, started);
    expect(again.status).toBe(200);
    expect(again.text).toBe(progressed.text);
    expect(await s.db.count("session_events", "session_id = ?", id)).toBe(2);
  });

  test("the same id with a different event → 409 IDEMPOTENCY_CONFLICT naming the id, state and last elapsed seconds", async () => {
    const { id } = await h.session(planId);
    await h.event(id, "started", 0, started);
    const error = expectErrorShape(await h.event(id, "abandoned", 0, { client_event_id: "same-id" }), 409, "IDEMPOTENCY_CONFLICT");
    expect(error).toMatchObject({ client_event_id: "same-id", state: "active", last_elapsed_seconds: 0 });
    expect((await h.getSession(id)).json.state).toBe("active");
  });
});

describe("event cap", () => {
  test(`at ${MAX_EVENTS_PER_SESSION} events only an ending event is accepted (409 EVENT_LIMIT_REACHED otherwise)`, async () => {
    const id = await sessionIn("active");
    // Fill the Session straight in the database: ten thousand PATCHes would only slow the suite.
    const CHUNK = 200;
    for (let from = 2; from <= MAX_EVENTS_PER_SESSION; from += CHUNK) {
      const seqs = Array.from({ length: Math.min(CHUNK, MAX_EVENTS_PER_SESSION - from + 1) }, (_, i) => from + i);
      const record = (seq: number) => JSON.stringify({ seq, client_event_id: `fill-${seq}`, event_type: "progressed", elapsed_seconds: 0, occurred_at: "2026-01-02T03:04:05Z", received_at: "2026-01-02T03:04:05.000Z" });
      await s.db.run(
        `INSERT INTO session_events (session_id, seq, client_event_id, record) VALUES ${seqs.map(() => "(?, ?, ?, ?)").join(", ")}`,
        ...seqs.flatMap((seq) => [id, seq, `fill-${seq}`, record(seq)]),
      );
    }
    const error = expectErrorShape(await h.event(id, "progressed", 5), 409, "SESSION_STATE_CONFLICT");
    expect(error).toMatchObject({ reason: "EVENT_LIMIT_REACHED", state: "active", allowed_events: ["completed", "stopped", "abandoned"] });
    const done = await h.event(id, "completed", 5);
    expect(done.json).toMatchObject({ state: "completed" });
    expect(done.json.events).toHaveLength(MAX_EVENTS_PER_SESSION + 1);
    expect((await h.checkout(id)).status).toBe(201);
  });
});

describe("crisis escalation", () => {
  test("a crisis reason_code puts the safety text on the Session from then on; an ordinary one does not", async () => {
    const id = await sessionIn("active");
    expect((await h.event(id, "paused", 5, { reason_code: "phone_call" })).json.safety_action).toBeNull();
    expect((await h.event(id, "stopped", 6, { reason_code: "panic_increase" })).json.safety_action).toEqual(SAFETY_ACTION);
    expect((await h.getSession(id)).json.safety_action).toEqual(SAFETY_ACTION);
  });
});

describe("concurrency and idempotency", () => {
  test("concurrent events: every accepted one is stored once, in a gap-free order; the rest answer 409", async () => {
    const id = await sessionIn("active");
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => h.event(id, "progressed", 10 + i)));
    // A loser either lost the race at commit (CONCURRENT_UPDATE) or, when it read the Session after a
    // later event had committed (PostgreSQL serves reads in parallel), is refused on that state.
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(["CONCURRENT_UPDATE", "ELAPSED_WENT_BACKWARDS"]).toContain(expectErrorShape(a, 409, "SESSION_STATE_CONFLICT").reason);
    }
    const session = (await h.getSession(id)).json;
    expect(session.events.map((e: { seq: number }) => e.seq)).toEqual(session.events.map((_: unknown, i: number) => i + 1));
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(session.events).toHaveLength(1 + accepted);
    const elapsed = session.events.map((e: { elapsed_seconds: number }) => e.elapsed_seconds);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
  });

  test("PATCH replayed with the same Idempotency-Key returns the stored answer, even after later events", async () => {
    const id = await sessionIn("ready");
    const idem = uniqueKey("patch");
    const first = await h.event(id, "started", 0, { client_event_id: "replayed" }, idem);
    await h.event(id, "progressed", 10);
    const again = await h.event(id, "started", 0, { client_event_id: "replayed" }, idem);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expectErrorShape(await h.event(id, "paused", 10, { client_event_id: "other" }, idem), 409, "IDEMPOTENCY_CONFLICT");
  });

  test("a session creation replayed with the same key creates one Session", async () => {
    const idem = uniqueKey("create");
    const body = { plan_id: planId, playback_mode: "minimal", client_session_id: idem };
    const [a, b] = [await h.postSession(body, undefined, idem), await h.postSession(body, undefined, idem)];
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.json.id).toBe(a.json.id);
  });
});

/**
 * The Session state machine (design §6): every (state, event) pair against the table,
 * monotone elapsed time, client_event_id deduplication, crisis escalation, and a
 * random-sequence property.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CATALOG } from "../../../src/healing/catalog/index.ts";
import { createPlanBody } from "../../../src/healing/recommend.ts";
import { SAFETY_ACTION } from "../../../src/healing/safety.ts";
import {
  MAX_EVENTS_PER_SESSION, allowedEvents, applyEvent, isTerminal, playbackModeSupported, sessionSafetyAction, startSession, type SessionRecord,
} from "../../../src/healing/sessions.ts";
import { PLAYBACK_MODES, SESSION_EVENT_TYPES, SESSION_STATES, type SessionEvent, type SessionEventType, type SessionState } from "../../../src/healing/types.ts";
import { DEPS, DESIGN_TRANSITIONS, input } from "./fixtures.ts";

const EXPECTED = DESIGN_TRANSITIONS;

let counter = 0;
function ev(event_type: SessionEventType, elapsed_seconds: number, extra: Partial<SessionEvent> = {}): SessionEvent {
  counter += 1;
  return { client_event_id: `e${counter}`, event_type, elapsed_seconds, occurred_at: "2025-01-01T00:00:00Z", ...extra };
}

function session(state: SessionState, last_elapsed_seconds = 10): SessionRecord {
  return { state, playback_mode: "guided", last_elapsed_seconds, events: [] };
}

/** Applies events in order, failing the test on any conflict. */
function run(...events: SessionEvent[]): SessionRecord {
  let s = startSession(createPlanBody(input(), DEPS), "guided");
  if (!s.ok) throw new Error("plan blocked");
  let current = s.session;
  for (const e of events) {
    const r = applyEvent(current, e);
    if (!r.ok) throw new Error(`${e.event_type}: ${r.code}`);
    current = r.session;
  }
  return current;
}

describe("transitions", () => {
  for (const state of SESSION_STATES) {
    for (const type of SESSION_EVENT_TYPES) {
      const to = EXPECTED[state][type];
      test(`${state} + ${type} → ${to ?? "SESSION_STATE_CONFLICT"}`, () => {
        const r = applyEvent(session(state), ev(type, 10));
        if (to) {
          expect(r).toMatchObject({ ok: true, applied: true, session: { state: to, last_elapsed_seconds: 10 } });
        } else {
          expect(r).toMatchObject({
            ok: false, code: "SESSION_STATE_CONFLICT", state, last_elapsed_seconds: 10,
            reason: isTerminal(state) ? "SESSION_FINISHED" : "TRANSITION_NOT_ALLOWED",
            allowed_events: Object.keys(EXPECTED[state]),
          });
        }
      });
    }
  }

  test("a full run: started 0 → progressed → paused → resumed → completed", () => {
    const s = run(ev("started", 0), ev("progressed", 30), ev("paused", 45), ev("resumed", 45), ev("completed", 180));
    expect(s.state).toBe("completed");
    expect(s.last_elapsed_seconds).toBe(180);
    expect(s.events.map((e) => e.event_type)).toEqual(["started", "progressed", "paused", "resumed", "completed"]);
  });

  test("abandoned straight from ready", () => {
    expect(run(ev("abandoned", 0)).state).toBe("abandoned");
  });

  test("the input session is never mutated", () => {
    const s = session("active");
    const frozen = structuredClone(s);
    applyEvent(s, ev("completed", 20));
    expect(s).toEqual(frozen);
  });
});

describe("elapsed seconds", () => {
  test("lower than the last accepted event → SESSION_STATE_CONFLICT with the current state", () => {
    const s = run(ev("started", 0), ev("progressed", 60));
    expect(applyEvent(s, ev("progressed", 59))).toEqual({
      ok: false, code: "SESSION_STATE_CONFLICT", reason: "ELAPSED_WENT_BACKWARDS", state: "active", last_elapsed_seconds: 60,
      allowed_events: ["progressed", "paused", "completed", "stopped", "abandoned"],
    });
  });

  test("equal to the last is accepted (a pause and resume at the same second)", () => {
    const s = run(ev("started", 0), ev("paused", 60));
    expect(applyEvent(s, ev("resumed", 60))).toMatchObject({ ok: true, session: { state: "active" } });
  });
});

describe("client_event_id", () => {
  test("the same event resent returns the current Session unchanged, even after later events and the end", () => {
    const first = ev("started", 0);
    const s = run(first, ev("progressed", 30), ev("completed", 90));
    const r = applyEvent(s, { ...first });
    expect(r).toEqual({ ok: true, applied: false, session: s, safety_action: null });
  });

  test("an absent and an undefined reason_code are the same payload", () => {
    const first = ev("started", 0);
    const s = run(first);
    expect(applyEvent(s, { ...first, reason_code: undefined })).toMatchObject({ ok: true, applied: false });
  });

  test("the same id with any other payload → IDEMPOTENCY_CONFLICT", () => {
    const first = ev("started", 0);
    const s = run(first, ev("progressed", 30));
    for (const changed of [{ elapsed_seconds: 1 }, { event_type: "abandoned" as const }, { occurred_at: "2025-01-01T00:00:01Z" }, { reason_code: "x" }]) {
      expect(applyEvent(s, { ...first, ...changed })).toEqual({
        ok: false, code: "IDEMPOTENCY_CONFLICT", client_event_id: first.client_event_id, state: "active", last_elapsed_seconds: 30,
      });
    }
  });
});

describe("session start and escalation", () => {
  test("a blocked Plan cannot start a Session: HEALING_PLAN_BLOCKED with the safety text", () => {
    const blocked = createPlanBody(input({ safety: { immediate_danger: true } }), DEPS);
    expect(startSession(blocked, "guided")).toEqual({ ok: false, code: "HEALING_PLAN_BLOCKED", safety_action: SAFETY_ACTION });
  });

  test("every protocol accepts every playback mode; the Session records the mode", () => {
    for (const p of CATALOG) for (const mode of PLAYBACK_MODES) expect(playbackModeSupported(p, mode)).toBe(true);
    const r = startSession(createPlanBody(input(), DEPS), "script_only");
    expect(r).toEqual({ ok: true, session: { state: "ready", playback_mode: "script_only", last_elapsed_seconds: 0, events: [] } });
  });

  test("a crisis reason_code on an event brings the safety text; an ordinary one does not", () => {
    const s = run(ev("started", 0));
    expect(applyEvent(s, ev("stopped", 20, { reason_code: "self_harm" }))).toMatchObject({ ok: true, safety_action: SAFETY_ACTION });
    expect(applyEvent(s, ev("stopped", 20, { reason_code: "panic_increase" }))).toMatchObject({ ok: true, safety_action: SAFETY_ACTION });
    expect(applyEvent(s, ev("stopped", 20, { reason_code: "phone_call" }))).toMatchObject({ ok: true, safety_action: null });
  });
});

describe("event cap", () => {
  const full = (state: SessionState): SessionRecord => ({
    ...session(state, 10),
    events: Array.from({ length: MAX_EVENTS_PER_SESSION }, (_, i) => ev("progressed", 10, { client_event_id: `full-${i}` })),
  });

  test("at the cap an event that keeps the Session open → EVENT_LIMIT_REACHED; allowed_events lists only ending ones", () => {
    expect(applyEvent(full("active"), ev("progressed", 11))).toEqual({
      ok: false, code: "SESSION_STATE_CONFLICT", reason: "EVENT_LIMIT_REACHED", state: "active", last_elapsed_seconds: 10,
      allowed_events: ["completed", "stopped", "abandoned"],
    });
    expect(allowedEvents("paused", MAX_EVENTS_PER_SESSION)).toEqual(["stopped", "abandoned"]);
  });

  test("an ending event is still accepted at the cap, and a repeat still answers unchanged", () => {
    expect(applyEvent(full("active"), ev("completed", 11))).toMatchObject({ ok: true, applied: true, session: { state: "completed" } });
    const s = full("active");
    expect(applyEvent(s, { ...s.events[0]! })).toMatchObject({ ok: true, applied: false });
  });
});

describe("sessionSafetyAction", () => {
  test("the safety text once any event carried a crisis reason_code", () => {
    expect(sessionSafetyAction([ev("started", 0), ev("paused", 5, { reason_code: "phone_call" })])).toBeNull();
    expect(sessionSafetyAction([ev("started", 0), ev("stopped", 5, { reason_code: "dissociation" })])).toEqual(SAFETY_ACTION);
  });
});

describe("random event sequences", () => {
  test("elapsed never decreases, terminal states absorb, every accepted step follows the table", () => {
    const eventArb = fc.record({
      event_type: fc.constantFrom(...SESSION_EVENT_TYPES),
      elapsed_seconds: fc.integer({ min: 0, max: 600 }),
      id: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        let s = session("ready", 0);
        for (const e of events) {
          const event: SessionEvent = { client_event_id: `c${e.id}`, event_type: e.event_type, elapsed_seconds: e.elapsed_seconds, occurred_at: "2025-01-01T00:00:00Z" };
          const r = applyEvent(s, event);
          if (!r.ok) {
            expect(r.state).toBe(s.state);
            continue;
          }
          if (r.applied) {
            expect(EXPECTED[s.state][e.event_type]).toBe(r.session.state);
            expect(r.session.last_elapsed_seconds).toBeGreaterThanOrEqual(s.last_elapsed_seconds);
            expect(r.session.events).toHaveLength(s.events.length + 1);
          } else {
            expect(r.session).toBe(s);
          }
          s = r.session;
        }
        expect(new Set(s.events.map((e) => e.client_event_id)).size).toBe(s.events.length);
      }),
      { numRuns: 1000, seed: 7 },
    );
  });
});

describe("crisis reason codes", () => {
  // docs/healing.md lists every reason_code that puts the safety text on a Session: the
  // spec's crisis flags plus the alarming adverse tags.
  const DOCUMENTED_CRISIS_CODES = [
    "self_harm", "harm_others", "chest_pain", "severe_breathing_difficulty", "fainting", "severe_dissociation",
    "psychotic_experience", "acute_intoxication", "unsafe_environment", "panic_increase", "dissociation", "emotional_overwhelm",
  ];

  for (const code of DOCUMENTED_CRISIS_CODES) {
    test(`reason_code ${code} brings the safety text, on the event and on the Session afterwards`, () => {
      const r = applyEvent(run(ev("started", 0)), ev("stopped", 20, { reason_code: code }));
      expect(r).toMatchObject({ ok: true, applied: true, safety_action: SAFETY_ACTION });
      if (!r.ok) throw new Error("refused");
      expect(sessionSafetyAction(r.session.events)).toEqual(SAFETY_ACTION);
    });
  }

  test("an empty reason_code is no crisis code", () => {
    // The schema allows an empty string; it names no crisis, so it must not escalate.
    const r = applyEvent(run(ev("started", 0)), ev("paused", 20, { reason_code: "" }));
    expect(r).toMatchObject({ ok: true, applied: true, safety_action: null });
    if (!r.ok) throw new Error("refused");
    expect(sessionSafetyAction(r.session.events)).toBeNull();
  });
});

describe("stored events", () => {
  test("a reason_code sent with an event is kept on the stored event", () => {
    const s = run(ev("started", 0), ev("paused", 20, { client_event_id: "p1", reason_code: "phone_call" }));
    expect(s.events[1]).toStrictEqual({ client_event_id: "p1", event_type: "paused", elapsed_seconds: 20, occurred_at: "2025-01-01T00:00:00Z", reason_code: "phone_call" });
  });

  test("an absent reason_code is left out of the stored event, not kept as undefined", () => {
    // Sent both without the member and with it explicitly undefined: neither is stored.
    const s = run(ev("started", 0, { client_event_id: "s1" }), ev("progressed", 20, { client_event_id: "g1", reason_code: undefined }));
    for (const stored of s.events) expect(Object.keys(stored)).not.toContain("reason_code");
    expect(s.events[0]).toStrictEqual({ client_event_id: "s1", event_type: "started", elapsed_seconds: 0, occurred_at: "2025-01-01T00:00:00Z" });
  });

  test("a crisis reason_code stays visible through the stored events after later ordinary ones", () => {
    const s = run(ev("started", 0), ev("paused", 20, { reason_code: "chest_pain" }), ev("resumed", 25), ev("completed", 60));
    expect(sessionSafetyAction(s.events)).toEqual(SAFETY_ACTION);
  });
});

describe("which Plans can start a Session", () => {
  const recommended = createPlanBody(input(), DEPS);

  test("a Plan marked blocked cannot start one even if it carried a protocol", () => {
    // The safety block overrides anything else on the Plan (spec: a block overrides any score).
    expect(recommended.protocol).not.toBeNull();
    expect(startSession({ status: "blocked", protocol: recommended.protocol }, "guided"))
      .toEqual({ ok: false, code: "HEALING_PLAN_BLOCKED", safety_action: SAFETY_ACTION });
  });

  test("a Plan without a protocol cannot start one even if not marked blocked", () => {
    // With no protocol there is nothing to deliver; the caller gets the same safe refusal.
    expect(startSession({ status: "recommended", protocol: null }, "minimal"))
      .toEqual({ ok: false, code: "HEALING_PLAN_BLOCKED", safety_action: SAFETY_ACTION });
  });

  test("a recommended Plan with its protocol starts a ready Session in every playback mode", () => {
    for (const mode of PLAYBACK_MODES) {
      expect(startSession(recommended, mode)).toEqual({ ok: true, session: { state: "ready", playback_mode: mode, last_elapsed_seconds: 0, events: [] } });
    }
  });
});

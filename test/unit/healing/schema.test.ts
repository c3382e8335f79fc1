/** Healing's documented schemas against the shared contract (test/helpers/schema-contract.ts). */
import { applyEvent, createPlanBody, startSession, submitCheckout, type CheckoutInput, type PlanInput, type SessionEvent, type SessionRecord } from "../../../src/healing/index.ts";
import { CheckInPayload, CheckoutPayload, PlanPayload, PreferencesPayload, SafetyPayload, SessionEventPayload, SessionPayload } from "../../../src/healing/model.ts";
import { HealingCheckoutRecord, HealingEventRecord, HealingPlanRecord, HealingSessionRecord } from "../../../src/healing/records.ts";
import { sessionAnswer } from "../../../src/healing/session-routes.ts";
import { describeSchemaContract } from "../../helpers/schema-contract.ts";
import { DEPS, input } from "./fixtures.ts";

const createdAt = "2026-03-01T08:00:00.000Z";
const receivedAt = "2026-03-01T08:00:05.000Z";

/** The Plan as routes.ts stores it: id and object, the core's body, then end_user_id, metadata, created_at. */
const plan = (payload: PlanInput, deps = DEPS) => ({
  id: "hpl_01JZ0000000000000000000000",
  object: "healing.plan",
  ...createPlanBody(payload, deps),
  end_user_id: payload.end_user_id ?? null,
  metadata: payload.metadata ?? null,
  created_at: createdAt,
});

const normalPlan = plan({ ...input(), end_user_id: "user-42", metadata: { source: "app" } });
const fallbackPlan = plan(input({ check_in: { available_minutes: 1 }, preferences: { excluded_protocol_ids: ["grounding_orient_1"] } }));
const blockedPlan = plan(input({ safety: { immediate_danger: true, crisis_flags: ["chest_pain"] } }));
const acutePlan = plan(
  input({
    bazi_chart_id: "bzc_01JZ0000000000000000000000",
    check_in: { intensity: 9, environment: "in_transit", audio_available: false },
    safety: { age_group: "minor", physical_constraints: ["vertigo"] },
    preferences: { spiritual_language: "traditional", voice_preference: "minimal" },
  }),
  { ...DEPS, bazi: { favorable_elements: ["water", "wood"], unfavorable_elements: ["metal"] } },
);

/** Events through the core's state machine, stored as session-routes.ts stores them (seq, the event, received_at). */
function played(events: SessionEvent[]) {
  const started = startSession(normalPlan, "guided");
  if (!started.ok) throw new Error("the Plan is blocked");
  let session: SessionRecord = started.session;
  for (const event of events) {
    const result = applyEvent(session, event);
    if (!result.ok || !result.applied) throw new Error(`${event.event_type} was not applied`);
    session = result.session;
  }
  return { session, records: session.events.map((e, i) => ({ seq: i + 1, ...e, received_at: receivedAt })) };
}

const eventPayload = (client_event_id: string, event_type: SessionEvent["event_type"], elapsed_seconds: number, reason_code?: string): SessionEvent => ({
  client_event_id, event_type, elapsed_seconds, occurred_at: "2026-03-01T16:00:05+08:00", ...(reason_code === undefined ? {} : { reason_code }),
});

const checkoutBody: CheckoutInput = {
  before_intensity: 6, after_intensity: 3, perceived_change: "somewhat_better", body_state: "more_settled",
  would_repeat: true, adverse_experience: false, adverse_tags: [],
};

/** The checkout as session-routes.ts stores it: object and session_id, the core's record, created_at. */
function checkout(payload: CheckoutInput): HealingCheckoutRecord {
  const result = submitCheckout({ state: "completed", checkout_submitted: false }, payload);
  if (!result.ok) throw new Error(result.code);
  return { object: "healing.checkout", session_id: "hsn_01JZ0000000000000000000000", ...result.checkout, created_at: createdAt };
}

const calmCheckout = checkout({ ...checkoutBody });
const alarmingCheckout = checkout({
  before_intensity: 4, after_intensity: 9, perceived_change: "much_worse", body_state: "more_activated", would_repeat: false,
  adverse_experience: true, adverse_tags: ["dizziness", "panic_increase"], comment: "I want to kill myself",
});

/** The Session answer built by the route's own sessionAnswer, from rows as the store holds them. */
function answer(events: SessionEvent[], checkoutRecord: typeof calmCheckout | null, clientSessionId: string | null, endUserId: string | null) {
  const { session, records } = played(events);
  return sessionAnswer({
    row: {
      id: "hsn_01JZ0000000000000000000000", appId: "app_1", planId: normalPlan.id, endUserId, state: session.state, elapsedSeconds: session.last_elapsed_seconds,
      createdAt: Date.parse(createdAt), updatedAt: Date.parse(receivedAt), record: "",
    },
    facts: { protocol_id: normalPlan.protocol!.id, playback_mode: session.playback_mode, client_session_id: clientSessionId },
    events: records,
    checkout: checkoutRecord,
  });
}

const readySession = answer([], null, null, null);
const finishedSession = answer(
  [eventPayload("e1", "started", 0), eventPayload("e2", "paused", 120), eventPayload("e3", "resumed", 120), eventPayload("e4", "stopped", 200, "panic_increase")],
  alarmingCheckout,
  "my-session-1",
  "user-42",
);

describeSchemaContract(
  "Healing",
  {
    PlanPayload, CheckInPayload, SafetyPayload, PreferencesPayload, SessionPayload, SessionEventPayload, CheckoutPayload,
    HealingPlanRecord, HealingSessionRecord, HealingEventRecord, HealingCheckoutRecord,
  },
  [
    { name: "a recommended Plan with audio, end_user_id and metadata", schema: HealingPlanRecord, value: normalPlan },
    { name: "a Plan that falls back (no protocol passes)", schema: HealingPlanRecord, value: fallbackPlan },
    { name: "a blocked Plan", schema: HealingPlanRecord, value: blockedPlan },
    { name: "an acute Plan with a chart, constraints and the support notice", schema: HealingPlanRecord, value: acutePlan },
    { name: "a new Session", schema: HealingSessionRecord, value: readySession },
    { name: "an ended Session with events, a crisis reason_code and a checkout", schema: HealingSessionRecord, value: finishedSession },
    { name: "an event", schema: HealingEventRecord, value: finishedSession.events[0] },
    { name: "an event with a reason_code", schema: HealingEventRecord, value: finishedSession.events[3] },
    { name: "a calm checkout", schema: HealingCheckoutRecord, value: calmCheckout },
    { name: "a checkout that shows the safety text (adverse tags, crisis comment)", schema: HealingCheckoutRecord, value: alarmingCheckout },
    {
      name: "a Plan request",
      schema: PlanPayload,
      value: {
        bazi_chart_id: "bzc_01JZ0000000000000000000000",
        check_in: input().check_in,
        safety: input().safety,
        preferences: {
          preferred_intensity: "moderate", eyes_closed_preference: "open", voice_preference: "minimal", movement_preference: "avoid",
          spiritual_language: "cultural", excluded_protocol_ids: ["jingzuo_10"],
        },
        end_user_id: "user-42",
        metadata: { source: "app" },
      },
    },
    { name: "a check-in", schema: CheckInPayload, value: input().check_in },
    { name: "safety answers", schema: SafetyPayload, value: input({ safety: { physical_constraints: ["vertigo"] } }).safety },
    { name: "preferences", schema: PreferencesPayload, value: { voice_preference: "script_only", excluded_protocol_ids: [] } },
    { name: "a Session request", schema: SessionPayload, value: { plan_id: normalPlan.id, playback_mode: "guided", client_session_id: "my-session-1", end_user_id: "user-42" } },
    { name: "a Session event request", schema: SessionEventPayload, value: eventPayload("e4", "stopped", 200, "panic_increase") },
    { name: "a checkout request", schema: CheckoutPayload, value: { ...checkoutBody, adverse_experience: true, adverse_tags: ["dizziness"], comment: "A bit dizzy at the end." } },
  ],
  ["HealingCheckout", "HealingPlan", "HealingSession", "HealingSessionEvent"],
);

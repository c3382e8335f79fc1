/**
 * The Session state machine (design §6): ready → active ⇄ paused; terminal completed,
 * stopped, abandoned. Pure: the route loads the Session, calls {@link applyEvent}, stores
 * the result or maps the tagged failure to its status.
 */
import type { Protocol } from "./catalog/index.ts";
import type { PlanBody } from "./recommend.ts";
import { SAFETY_ACTION, type FixedText } from "./safety.ts";
import type { PlaybackMode, SessionEvent, SessionEventType, SessionState } from "./types.ts";

export const TERMINAL_STATES: readonly SessionState[] = ["completed", "stopped", "abandoned"];

/** The design's transition table: the states each event may leave from, and where it leads. */
export const TRANSITIONS: Readonly<Record<SessionEventType, { from: readonly SessionState[]; to: SessionState }>> = {
  started: { from: ["ready"], to: "active" },
  progressed: { from: ["active"], to: "active" },
  paused: { from: ["active"], to: "paused" },
  resumed: { from: ["paused"], to: "active" },
  completed: { from: ["active"], to: "completed" },
  stopped: { from: ["active", "paused"], to: "stopped" },
  abandoned: { from: ["ready", "active", "paused"], to: "abandoned" },
};

/**
 * Event `reason_code`s that escalate to the safety text: the spec's own vocabulary for crisis
 * flags and alarming adverse experiences, so clients need learn no new codes.
 */
export const CRISIS_REASON_CODES: readonly string[] = [
  "self_harm", "harm_others", "chest_pain", "severe_breathing_difficulty", "fainting", "severe_dissociation",
  "psychotic_experience", "acute_intoxication", "unsafe_environment", "panic_increase", "dissociation", "emotional_overwhelm",
];

/** The core's view of a Session: what the state machine needs, nothing the route owns. */
export interface SessionRecord {
  state: SessionState;
  playback_mode: PlaybackMode;
  /** 0 until an event is accepted; never decreases. */
  last_elapsed_seconds: number;
  /** Accepted events, oldest first (kept for client_event_id deduplication). */
  events: readonly SessionEvent[];
}

/**
 * Events a Session keeps at most while it stays open. An event that ends the Session is
 * accepted even beyond it, so a client can always finish and check out; a Session therefore
 * never holds more than this plus one. Ten thousand is hours of once-a-second progress.
 */
export const MAX_EVENTS_PER_SESSION = 10_000;

export type SessionConflictReason = "TRANSITION_NOT_ALLOWED" | "SESSION_FINISHED" | "ELAPSED_WENT_BACKWARDS" | "EVENT_LIMIT_REACHED";

export type EventResult =
  | {
    ok: true;
    /** False when the event repeats an accepted one (same id and payload): nothing changed. */
    applied: boolean;
    session: SessionRecord;
    /** The safety text when the event's reason_code is a crisis code, else null. */
    safety_action: FixedText | null;
  }
  | {
    ok: false;
    code: "SESSION_STATE_CONFLICT";
    reason: SessionConflictReason;
    state: SessionState;
    last_elapsed_seconds: number;
    /** What the Session would accept now, to help the client resend in order. */
    allowed_events: SessionEventType[];
  }
  | { ok: false; code: "IDEMPOTENCY_CONFLICT"; client_event_id: string; state: SessionState; last_elapsed_seconds: number };

export type SessionStartResult =
  | { ok: true; session: SessionRecord }
  | { ok: false; code: "HEALING_PLAN_BLOCKED"; safety_action: FixedText }
  | { ok: false; code: "PLAYBACK_MODE_UNSUPPORTED"; playback_mode: PlaybackMode };

/** @example isTerminal("stopped") // true */
export function isTerminal(state: SessionState): boolean {
  return TERMINAL_STATES.includes(state);
}

/**
 * Events the state machine accepts from `state` (none once terminal); once the Session holds
 * {@link MAX_EVENTS_PER_SESSION} events, only those that end it.
 * @example allowedEvents("paused") // ["resumed", "stopped", "abandoned"]
 */
export function allowedEvents(state: SessionState, eventCount = 0): SessionEventType[] {
  const full = eventCount >= MAX_EVENTS_PER_SESSION;
  return (Object.keys(TRANSITIONS) as SessionEventType[])
    .filter((type) => TRANSITIONS[type].from.includes(state) && (!full || isTerminal(TRANSITIONS[type].to)));
}

/**
 * Whether a protocol can be delivered in a playback mode. Always true: `guided` falls back
 * to timed step prompts where there is no track, `minimal` to sparse cues and `script_only`
 * to the text, all of which every protocol has (design §6). Kept as a function so the route
 * checks it and a future audio-only protocol changes one place.
 */
export function playbackModeSupported(_protocol: Pick<Protocol, "id">, _mode: PlaybackMode): boolean {
  return true;
}

/**
 * A new Session for a Plan, in state `ready`; a blocked Plan cannot start one.
 * @example startSession(plan, "guided") // { ok: true, session: { state: "ready", … } }
 */
export function startSession(plan: Pick<PlanBody, "status" | "protocol">, playbackMode: PlaybackMode): SessionStartResult {
  if (plan.status === "blocked" || plan.protocol === null) return { ok: false, code: "HEALING_PLAN_BLOCKED", safety_action: SAFETY_ACTION };
  if (!playbackModeSupported(plan.protocol, playbackMode)) return { ok: false, code: "PLAYBACK_MODE_UNSUPPORTED", playback_mode: playbackMode };
  return { ok: true, session: { state: "ready", playback_mode: playbackMode, last_elapsed_seconds: 0, events: [] } };
}

/** The stored form of an event: an absent reason_code is left out, never kept as undefined. */
function storedEvent(e: SessionEvent): SessionEvent {
  const stored: SessionEvent = { client_event_id: e.client_event_id, event_type: e.event_type, elapsed_seconds: e.elapsed_seconds, occurred_at: e.occurred_at };
  if (e.reason_code !== undefined) stored.reason_code = e.reason_code;
  return stored;
}

/** Same payload means every member equal as sent (occurred_at compared as a string, like the idempotency layer). */
function samePayload(a: SessionEvent, b: SessionEvent): boolean {
  return a.event_type === b.event_type && a.elapsed_seconds === b.elapsed_seconds
    && a.occurred_at === b.occurred_at && (a.reason_code ?? null) === (b.reason_code ?? null);
}

function safetyFor(event: SessionEvent): FixedText | null {
  return event.reason_code !== undefined && CRISIS_REASON_CODES.includes(event.reason_code) ? SAFETY_ACTION : null;
}

/**
 * The safety text once any accepted event of the Session carried a crisis reason_code, else
 * null: a crisis signalled mid-practice stays visible on every later read of the Session.
 */
export function sessionSafetyAction(events: readonly SessionEvent[]): FixedText | null {
  return events.some((e) => safetyFor(e) !== null) ? SAFETY_ACTION : null;
}

/**
 * Applies one client event. Checks, in order: a repeated client_event_id (same payload →
 * unchanged Session, different payload → IDEMPOTENCY_CONFLICT), a terminal Session, the
 * transition table, that elapsed_seconds does not go below the last accepted value, then the
 * event cap (which never refuses an event that ends the Session).
 * @example applyEvent(readySession, { client_event_id: "e1", event_type: "started", elapsed_seconds: 0, occurred_at: "…" })
 *   // { ok: true, applied: true, session: { state: "active", … }, safety_action: null }
 */
export function applyEvent(session: SessionRecord, event: SessionEvent): EventResult {
  const { state, last_elapsed_seconds } = session;
  const earlier = session.events.find((e) => e.client_event_id === event.client_event_id);
  if (earlier) {
    return samePayload(earlier, event)
      ? { ok: true, applied: false, session, safety_action: safetyFor(earlier) }
      : { ok: false, code: "IDEMPOTENCY_CONFLICT", client_event_id: event.client_event_id, state, last_elapsed_seconds };
  }
  const conflict = (reason: SessionConflictReason): EventResult =>
    ({ ok: false, code: "SESSION_STATE_CONFLICT", reason, state, last_elapsed_seconds, allowed_events: allowedEvents(state, session.events.length) });
  if (isTerminal(state)) return conflict("SESSION_FINISHED");
  const transition = TRANSITIONS[event.event_type];
  if (!transition.from.includes(state)) return conflict("TRANSITION_NOT_ALLOWED");
  if (event.elapsed_seconds < last_elapsed_seconds) return conflict("ELAPSED_WENT_BACKWARDS");
  if (session.events.length >= MAX_EVENTS_PER_SESSION && !isTerminal(transition.to)) return conflict("EVENT_LIMIT_REACHED");
  return {
    ok: true,
    applied: true,
    session: {
      state: transition.to,
      playback_mode: session.playback_mode,
      last_elapsed_seconds: event.elapsed_seconds,
      events: [...session.events, storedEvent(event)],
    },
    safety_action: safetyFor(event),
  };
}

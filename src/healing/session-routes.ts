/**
 * POST/GET/PATCH /v1/healing/sessions and POST …/checkout: load, let the pure state machine
 * and checkout rules decide, store, answer. The Session answer is always built by
 * {@link sessionAnswer} from the stored rows, so every endpoint returns the same shape.
 */
import { Type } from "@sinclair/typebox";
import { defineEndpoint, type Endpoint } from "../platform/endpoint.ts";
import { listEndpoint } from "../platform/list-endpoint.ts";
import type { ApiError } from "../platform/errors.ts";
import { newId } from "../ids.ts";
import { missingFromBody, notFound } from "../platform/errors.ts";
import { iso } from "../platform/schemas.ts";
import { allowedEvents, applyEvent, sessionSafetyAction, startSession, submitCheckout, type PlanBody, type SessionState } from "./index.ts";
import { CheckoutPayload, SessionEventPayload, SessionPayload } from "./model.ts";
import { refusalError } from "./refusals.ts";
import {
  HealingCheckoutRecord, HealingSessionRecord, type HealingEventRecord, type HealingSessionRecord as SessionAnswer,
} from "./records.ts";
import type { SessionRow, SessionStore, StoredSession, SubjectStore } from "../db/storage.ts";

/** What a Session row's `record` holds: the facts fixed at creation. */
export interface SessionFacts {
  protocol_id: SessionAnswer["protocol_id"];
  playback_mode: SessionAnswer["playback_mode"];
  client_session_id: string | null;
}

/** A stored Session with its JSON parsed once. */
export interface LoadedSession {
  row: SessionRow;
  facts: SessionFacts;
  events: HealingEventRecord[];
  checkout: HealingCheckoutRecord | null;
}

const SESSION_PARAM = [{ name: "session_id", pattern: /^hsn_/, description: "The Session's id (`hsn_…`)." }];

/** The Session answer; `allowed_events` and `safety_action` are derived, never stored. */
export function sessionAnswer({ row, facts, events, checkout }: LoadedSession): SessionAnswer {
  const state = row.state as SessionState;
  return {
    id: row.id,
    object: "healing.session",
    plan_id: row.planId,
    protocol_id: facts.protocol_id,
    playback_mode: facts.playback_mode,
    client_session_id: facts.client_session_id,
    end_user_id: row.endUserId,
    state,
    elapsed_seconds: row.elapsedSeconds,
    allowed_events: allowedEvents(state, events.length),
    events,
    safety_action: sessionSafetyAction(events),
    checkout,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function parsed({ events, checkout, ...row }: StoredSession): LoadedSession {
  return {
    row,
    facts: JSON.parse(row.record) as SessionFacts,
    events: events.map((e) => JSON.parse(e) as HealingEventRecord),
    checkout: checkout === null ? null : (JSON.parse(checkout) as HealingCheckoutRecord),
  };
}

export function sessionEndpoints(plans: SubjectStore, healing: SessionStore): Endpoint[] {
  async function loadSession(appId: string, id: string): Promise<LoadedSession> {
    const stored = await healing.getSession(appId, id);
    if (stored === null) throw notFound(id);
    return parsed(stored);
  }

  /** The 409 when another event landed between reading the Session and storing this one. */
  async function concurrentUpdate(appId: string, id: string): Promise<ApiError> {
    const { row, events } = await loadSession(appId, id);
    const state = row.state as SessionState;
    return refusalError({
      ok: false, code: "SESSION_STATE_CONFLICT", reason: "CONCURRENT_UPDATE", state, last_elapsed_seconds: row.elapsedSeconds, allowed_events: allowedEvents(state, events.length),
    });
  }

  return [
    listEndpoint({
      collection: "/v1/healing/sessions",
      plural: "healing sessions",
      prefix: "hsn",
      capability: "healing",
      tag: "Healing",
      item: HealingSessionRecord,
      filters: { plan_id: Type.Optional(Type.String({ pattern: "^hpl_[0-9A-Za-z]{1,60}$", description: "Only the Sessions of this Plan." })) },
      // Each item is built like a GET's answer (state, events and what follows are derived).
      list: async (appId, query) => {
        const page = await healing.listSessions(appId, query);
        return { records: page.records.map((stored) => JSON.stringify(sessionAnswer(parsed(stored)))), hasMore: page.hasMore };
      },
    }),
    defineEndpoint({
      method: "POST",
      path: "/v1/healing/sessions",
      operationId: "create_healing_session",
      summary: "Start a Session from a Plan",
      description:
        "Creates a Session in state `ready` for a recommended Plan of your App, recording how the client will deliver the practice (`playback_mode`). Every protocol accepts all three modes (`guided` falls back to timed step prompts where there is no audio). A blocked Plan answers 409 `HEALING_PLAN_BLOCKED` with the fixed safety-action text in `error.safety_action`; a missing Plan 404.",
      tag: "Healing",
      capability: "healing",
      idempotent: true,
      body: SessionPayload,
      errors: ["RESOURCE_NOT_FOUND", "HEALING_PLAN_BLOCKED", "PLAYBACK_MODE_UNSUPPORTED"],
      success: { status: 201, description: "The created Session.", schema: HealingSessionRecord },
      async handle(ctx) {
        const { plan_id, playback_mode } = ctx.body;
        const storedPlan = await plans.get(ctx.app.id, plan_id);
        if (storedPlan === null) throw missingFromBody("RESOURCE_NOT_FOUND", "Healing Plan", "plan_id", plan_id);
        const plan = JSON.parse(storedPlan) as PlanBody;
        const started = startSession(plan, playback_mode);
        if (!started.ok) throw refusalError({ ...started, plan_id });
        const facts: SessionFacts = { protocol_id: plan.protocol!.id, playback_mode, client_session_id: ctx.body.client_session_id ?? null };
        const row: SessionRow = {
          id: newId("session"),
          appId: ctx.app.id,
          planId: plan_id,
          endUserId: ctx.body.end_user_id ?? null,
          state: started.session.state,
          elapsedSeconds: started.session.last_elapsed_seconds,
          createdAt: ctx.now,
          updatedAt: ctx.now,
          record: JSON.stringify(facts),
        };
        return {
          status: 201,
          body: sessionAnswer({ row, facts, events: [], checkout: null }),
          commit: async (completion) => {
            if (!(await healing.insertSession(row, completion))) throw missingFromBody("RESOURCE_NOT_FOUND", "Healing Plan", "plan_id", plan_id);
          },
        };
      },
    }),
    defineEndpoint({
      method: "GET",
      path: "/v1/healing/sessions/:session_id",
      operationId: "get_healing_session",
      summary: "Read a Session",
      description: "The Session's state, the elapsed seconds of its last accepted event, every accepted event in order, what it accepts next, and its checkout once submitted.",
      tag: "Healing",
      capability: "healing",
      idempotent: false,
      params: SESSION_PARAM,
      errors: [],
      success: { status: 200, description: "The Session.", schema: HealingSessionRecord },
      async handle(ctx) {
        return { status: 200, body: sessionAnswer(await loadSession(ctx.app.id, ctx.params.session_id!)) };
      },
    }),
    defineEndpoint({
      method: "PATCH",
      path: "/v1/healing/sessions/:session_id",
      operationId: "update_healing_session",
      summary: "Send a Session event",
      description:
        "Applies one event to the state machine: ready → active (started) ⇄ paused (paused/resumed), progressed keeps active, and completed, stopped, abandoned end it. An event that does not fit, any event after the end, `elapsed_seconds` below the last accepted value, or an event beyond 10,000 that would keep the Session open answers 409 `SESSION_STATE_CONFLICT` with `state`, `last_elapsed_seconds`, `allowed_events` and `reason`. The same `client_event_id` with the same event answers 200 with the current Session and applies nothing; with a different event 409 `IDEMPOTENCY_CONFLICT`. A crisis `reason_code` (e.g. `self_harm`, `panic_increase`) puts the safety-action text on the Session.",
      tag: "Healing",
      capability: "healing",
      idempotent: true,
      body: SessionEventPayload,
      params: SESSION_PARAM,
      errors: ["SESSION_STATE_CONFLICT"],
      success: { status: 200, description: "The Session after the event.", schema: HealingSessionRecord },
      async handle(ctx) {
        const id = ctx.params.session_id!;
        const loaded = await loadSession(ctx.app.id, id);
        const { row, facts, events } = loaded;
        const result = applyEvent(
          { state: row.state as SessionState, playback_mode: facts.playback_mode, last_elapsed_seconds: row.elapsedSeconds, events },
          ctx.body,
        );
        if (!result.ok) throw refusalError(result);
        if (!result.applied) return { status: 200, body: sessionAnswer(loaded) };
        const event: HealingEventRecord = { seq: events.length + 1, ...result.session.events.at(-1)!, received_at: iso(ctx.now) };
        const next = { ...row, state: result.session.state, elapsedSeconds: result.session.last_elapsed_seconds, updatedAt: ctx.now };
        return {
          status: 200,
          body: sessionAnswer({ ...loaded, row: next, events: [...events, event] }),
          commit: async (completion) => {
            const append = { appId: ctx.app.id, sessionId: id, seq: event.seq, clientEventId: event.client_event_id, record: JSON.stringify(event), state: next.state, elapsedSeconds: next.elapsedSeconds, updatedAt: ctx.now };
            if (!(await healing.appendEvent(append, completion))) throw await concurrentUpdate(ctx.app.id, id);
          },
        };
      },
    }),
    defineEndpoint({
      method: "POST",
      path: "/v1/healing/sessions/:session_id/checkout",
      operationId: "submit_healing_checkout",
      summary: "Submit the Session's checkout",
      description:
        "Once per Session, after it has completed, stopped or been abandoned (else 409 `SESSION_NOT_FINISHED`; a second checkout 409 `CHECKOUT_ALREADY_SUBMITTED`); immutable. `adverse_tags` must be non-empty exactly when `adverse_experience` is true (else 400). When `after_intensity` ≥ 9, it rose by 3 or more, or an adverse tag is `panic_increase`, `dissociation` or `emotional_overwhelm`, the answer has `show_safety_text: true` and the fixed `safety_action` text to show.",
      tag: "Healing",
      capability: "healing",
      idempotent: true,
      body: CheckoutPayload,
      params: SESSION_PARAM,
      errors: ["SESSION_NOT_FINISHED", "CHECKOUT_ALREADY_SUBMITTED"],
      success: { status: 201, description: "The submitted checkout.", schema: HealingCheckoutRecord },
      async handle(ctx) {
        const id = ctx.params.session_id!;
        const { row, checkout } = await loadSession(ctx.app.id, id);
        const result = submitCheckout({ state: row.state as SessionState, checkout_submitted: checkout !== null }, ctx.body);
        if (!result.ok) throw refusalError(result);
        const record: HealingCheckoutRecord = { object: "healing.checkout", session_id: id, ...result.checkout, created_at: iso(ctx.now) };
        return {
          status: 201,
          body: record,
          commit: async (completion) => {
            if (await healing.insertCheckout({ sessionId: id, appId: ctx.app.id, createdAt: ctx.now, record: JSON.stringify(record) }, completion)) return;
            // Lost a race: another checkout landed first, or the Plan (and this Session) was deleted.
            const now = await loadSession(ctx.app.id, id);
            throw refusalError({ ok: false, code: "CHECKOUT_ALREADY_SUBMITTED", state: now.row.state });
          },
        };
      },
    }),
  ];
}

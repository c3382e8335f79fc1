/**
 * The HTTP edge of the core's refusals: each becomes its ApiError with the catalog's status, a
 * message that names what the client must act on, and every fact the core put beside `code`
 * carried into the error object (docs/healing.md, "Sessions" and "Checkout").
 */
import { describe, expect, test } from "bun:test";
import { ApiError } from "../../../src/platform/errors.ts";
import { refusalError } from "../../../src/healing/refusals.ts";
import { SAFETY_ACTION } from "../../../src/healing/safety.ts";
import { startSession } from "../../../src/healing/sessions.ts";

/** The error object a client receives, as the envelope renders it. */
const errorBody = (err: ApiError) => err.toBody("req_test").error;

describe("refusalError", () => {
  test("HEALING_PLAN_BLOCKED: 409 with the safety action and plan_id, and a message pointing to error.safety_action", () => {
    const started = startSession({ status: "blocked", protocol: null }, "guided");
    if (started.ok) throw new Error("a blocked Plan must not start a Session");
    const err = refusalError({ ...started, plan_id: "hpl_blocked1" });
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "HEALING_PLAN_BLOCKED", plan_id: "hpl_blocked1", safety_action: SAFETY_ACTION, retryable: false });
    // The client is told, in words, that the Plan is blocked and where the text to show is.
    expect(err.message).toContain("blocked");
    expect(err.message).toContain("error.safety_action");
  });

  test("PLAYBACK_MODE_UNSUPPORTED: the message names the refused playback_mode", () => {
    const err = refusalError({ ok: false, code: "PLAYBACK_MODE_UNSUPPORTED", playback_mode: "script_only" });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "PLAYBACK_MODE_UNSUPPORTED", playback_mode: "script_only" });
    expect(err.message).toContain('"script_only"');
  });

  test("SESSION_STATE_CONFLICT: reason, state, last_elapsed_seconds and allowed_events in the error and its message", () => {
    const facts = { reason: "ELAPSED_WENT_BACKWARDS", state: "paused", last_elapsed_seconds: 137, allowed_events: ["resumed", "stopped", "abandoned"] };
    const err = refusalError({ ok: false, code: "SESSION_STATE_CONFLICT", ...facts });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "SESSION_STATE_CONFLICT", ...facts });
    // Enough in the message alone to see why and what to send next.
    expect(err.message).toContain("ELAPSED_WENT_BACKWARDS");
    expect(err.message).toContain('"paused"');
    expect(err.message).toContain("137");
    for (const event of facts.allowed_events) expect(err.message).toContain(event);
  });

  test("IDEMPOTENCY_CONFLICT on an event: the message names the reused client_event_id", () => {
    const err = refusalError({ ok: false, code: "IDEMPOTENCY_CONFLICT", client_event_id: "ev-42", state: "active", last_elapsed_seconds: 30 });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "IDEMPOTENCY_CONFLICT", client_event_id: "ev-42", state: "active", last_elapsed_seconds: 30 });
    expect(err.message).toContain('"ev-42"');
  });

  test("SESSION_NOT_FINISHED: the message names the state the Session is in", () => {
    const err = refusalError({ ok: false, code: "SESSION_NOT_FINISHED", state: "paused" });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "SESSION_NOT_FINISHED", state: "paused" });
    expect(err.message).toContain('"paused"');
  });

  test("CHECKOUT_ALREADY_SUBMITTED: carries the state and says in words that the checkout was already submitted", () => {
    const err = refusalError({ ok: false, code: "CHECKOUT_ALREADY_SUBMITTED", state: "completed" });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "CHECKOUT_ALREADY_SUBMITTED", state: "completed" });
    expect(err.message).toMatch(/already submitted/);
  });

  test("VALIDATION_ERROR: the platform's validation error, with the details and a message naming the path", () => {
    const details = [{ path: "adverse_tags", message: "must be empty when adverse_experience is false" }];
    const err = refusalError({ ok: false, code: "VALIDATION_ERROR", details });
    expect(err.status).toBe(400);
    expect(err.extras.details).toEqual(details);
    expect(errorBody(err)).toMatchObject({ code: "VALIDATION_ERROR", details });
    expect(err.message).toContain("adverse_tags");
  });

  test("a code without a message of its own still gets one naming the code, and keeps its facts", () => {
    const err = refusalError({ ok: false, code: "NEW_SUBJECT_REQUIRED", subject_id: "lyc_1" });
    expect(err.status).toBe(409);
    expect(errorBody(err)).toMatchObject({ code: "NEW_SUBJECT_REQUIRED", subject_id: "lyc_1" });
    expect(err.message).toContain("NEW_SUBJECT_REQUIRED");
  });

  test("`ok` is not carried into the error object", () => {
    expect(errorBody(refusalError({ ok: false, code: "SESSION_NOT_FINISHED", state: "ready" }))).not.toHaveProperty("ok");
  });
});

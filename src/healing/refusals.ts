/**
 * The HTTP edge of the core's tagged refusals: each becomes its ApiError, and every member the
 * core put beside `code` (state, last_elapsed_seconds, allowed_events, safety_action, …) is
 * carried into the error object, so a client can act without another request.
 */
import { ApiError, validationError, type ErrorCode, type ValidationDetail } from "../platform/errors.ts";

/** A core result that said no: `{ ok: false, code, …facts }`. */
export type Refusal = { ok: false; code: ErrorCode } & Record<string, unknown>;

const MESSAGES: Partial<Record<ErrorCode, (f: Record<string, unknown>) => string>> = {
  HEALING_PLAN_BLOCKED: () =>
    "The Plan is blocked by a safety red line and cannot be used. Show the fixed safety-action text in error.safety_action and do not continue the practice.",
  PLAYBACK_MODE_UNSUPPORTED: (f) => `The Plan's protocol cannot be delivered in playback_mode "${f.playback_mode}".`,
  SESSION_STATE_CONFLICT: (f) =>
    `The event does not fit the Session (${f.reason}): it is "${f.state}" at ${f.last_elapsed_seconds} s and accepts ${JSON.stringify(f.allowed_events)}. Fetch the Session and resend the missing events in order.`,
  IDEMPOTENCY_CONFLICT: (f) => `client_event_id "${f.client_event_id}" was already used in this Session for a different event. Use a new id for a new event.`,
  SESSION_NOT_FINISHED: (f) => `The Session is "${f.state}"; a checkout needs it completed, stopped or abandoned.`,
  CHECKOUT_ALREADY_SUBMITTED: () => "The Session's checkout was already submitted; it is immutable.",
};

/**
 * @example refusalError({ ok: false, code: "SESSION_NOT_FINISHED", state: "active" })
 *   // ApiError 409 { code: "SESSION_NOT_FINISHED", state: "active", … }
 */
export function refusalError(refusal: Refusal): ApiError {
  const { ok: _ok, code, ...fields } = refusal;
  if (code === "VALIDATION_ERROR") return validationError(fields.details as ValidationDetail[]);
  const message = MESSAGES[code]?.(fields) ?? `The request was refused (${code}).`;
  return new ApiError(code, message, { fields });
}

/**
 * The one closed set of error codes. Behaviour (status, retryability) and the
 * OpenAPI document are both generated from ERROR_CATALOG, so they cannot drift.
 */
import type { ValidationDetail } from "../input-refused.ts";
export const ERROR_CATALOG = {
  VALIDATION_ERROR: { status: 400, retryable: false, description: "The payload breaks a rule of the contract; `details` lists each problem as {path, message}. Plan creation answers 422 for the same code." },
  INVALID_JSON: { status: 400, retryable: false, description: "The body is not well-formed JSON." },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, retryable: false, description: "This endpoint needs an `Idempotency-Key` header." },
  IDEMPOTENCY_KEY_INVALID: { status: 400, retryable: false, description: "The `Idempotency-Key` is empty, longer than 255 characters or not printable ASCII." },
  SUBJECT_CAPABILITY_MISMATCH: { status: 400, retryable: false, description: "The subject id's prefix does not fit the capability (bzc_ → bazi, lyc_ → liuyao, hpl_ → healing)." },
  INVALID_API_KEY: { status: 401, retryable: false, description: "The key is missing, malformed, unknown, revoked or expired, or does not match the App's environment." },
  APP_SUSPENDED: { status: 403, retryable: false, description: "The App is suspended by the platform operator." },
  CAPABILITY_NOT_GRANTED: { status: 403, retryable: false, description: "The App has not been granted the capability this endpoint belongs to." },
  ROUTE_NOT_FOUND: { status: 404, retryable: false, description: "No endpoint has this path." },
  RESOURCE_NOT_FOUND: { status: 404, retryable: false, description: "No resource with this id exists in your App (another App's id answers the same)." },
  SUBJECT_NOT_FOUND: { status: 404, retryable: false, description: "The subject of a first Response does not exist in your App." },
  PREVIOUS_RESPONSE_NOT_FOUND: { status: 404, retryable: false, description: "The `previous_response_id` does not name a Response of your App." },
  METHOD_NOT_ALLOWED: { status: 405, retryable: false, description: "The path exists but not with this method; the `Allow` header lists the methods." },
  IDEMPOTENCY_CONFLICT: { status: 409, retryable: false, description: "The Idempotency-Key was used before with a different request. Use a new key for a new business request." },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, retryable: true, description: "A request with this Idempotency-Key is still running. Retry after `retry_after_ms` with the same key and body." },
  NEW_SUBJECT_REQUIRED: { status: 409, retryable: false, description: "A LiuYao follow-up changed the matter; create a new cast." },
  HEALING_PLAN_BLOCKED: { status: 409, retryable: false, description: "The Plan is blocked by a safety red line; show the fixed safety-action text in `error.safety_action`." },
  SESSION_STATE_CONFLICT: { status: 409, retryable: false, description: "The event does not fit the Session state machine or its progress goes backwards; fetch the Session and resend the missing events in order." },
  SESSION_NOT_FINISHED: { status: 409, retryable: false, description: "A checkout needs a Session in a terminal state." },
  CHECKOUT_ALREADY_SUBMITTED: { status: 409, retryable: false, description: "The Session's checkout was already submitted; it is immutable." },
  PLAYBACK_MODE_UNSUPPORTED: { status: 409, retryable: false, description: "The protocol cannot be delivered in the requested playback mode." },
  PRECONDITION_FAILED: { status: 412, retryable: false, description: "The audio asset: `If-Match` or `If-Unmodified-Since` does not hold for the (immutable) file." },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false, description: "The body is larger than 64 KiB." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false, description: "The body must be sent as `Content-Type: application/json`." },
  RANGE_NOT_SATISFIABLE: { status: 416, retryable: false, description: "The audio asset: the `Range` selects no byte of the file (it starts past the end); `Content-Range: bytes */length` gives the size." },
  MODEL_REFUSED: { status: 422, retryable: false, description: "The AI model declined to answer this input under its own usage policy (the message names its category when it gave one). Nothing was stored or billed; retrying the same input will not help." },
  BAZI_CHART_NOT_FOUND: { status: 422, retryable: false, description: "The Plan's `bazi_chart_id` does not name a chart of your App." },
  RATE_LIMITED: { status: 429, retryable: true, description: "The App's requests-per-minute allowance is spent; wait `retry_after_ms`." },
  CONCURRENCY_LIMITED: { status: 429, retryable: true, description: "The App has too many requests in flight; wait `retry_after_ms`." },
  MONTHLY_QUOTA_EXCEEDED: { status: 429, retryable: false, description: "The App's monthly quota of billing units is spent; the platform operator must act." },
  INTERNAL_ERROR: { status: 500, retryable: true, description: "An unexpected fault; nothing was stored. Retry with the same key and body." },
  SERVICE_UNAVAILABLE: { status: 503, retryable: true, description: "The database is not ready or not writable. Retry with the same key and body." },
  MODEL_UNAVAILABLE: { status: 503, retryable: true, description: "The AI model is overloaded, rate-limited or unreachable. Bounded retries with the same key and body." },
  MODEL_TIMEOUT: { status: 504, retryable: true, description: "The AI model timed out. Bounded retries with the same key and body." },
} as const satisfies Record<string, { status: number; retryable: boolean; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

export type { ValidationDetail } from "../input-refused.ts";

/** Extra members an error may carry in its envelope (beyond code/message/request_id). */
export interface ErrorExtras {
  status?: number;
  details?: ValidationDetail[];
  retryAfterMs?: number;
  headers?: Record<string, string>;
  /** Further envelope members, e.g. `safety_action` or `state`. */
  fields?: Record<string, unknown>;
}

/**
 * The only error the service throws on purpose. Its code decides the status
 * (overridable for the 400/422 split of VALIDATION_ERROR) and retryability.
 * @example throw new ApiError("RESOURCE_NOT_FOUND", "No chart bzc_x in this App.")
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.status = extras.status ?? ERROR_CATALOG[code].status;
  }

  /** The spec's envelope: {error:{code,message,request_id,retryable?,retry_after_ms?,…}}. */
  toBody(requestId: string): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = {
      code: this.code,
      message: this.message,
      request_id: requestId,
      retryable: ERROR_CATALOG[this.code].retryable,
    };
    if (this.extras.retryAfterMs !== undefined) error.retry_after_ms = this.extras.retryAfterMs;
    if (this.extras.details) error.details = this.extras.details;
    if (this.extras.fields) Object.assign(error, this.extras.fields);
    return { error };
  }
}

/**
 * The one VALIDATION_ERROR: a message naming the problem (or the count) and the details list.
 * @example validationError([{ path: "birth.day", message: "2023-02 has 28 days" }])
 */
export function validationError(details: ValidationDetail[], status?: 400 | 422, what: "payload" | "query string" = "payload"): ApiError {
  const summary = details.length === 1 ? `${details[0]!.path} ${details[0]!.message}` : `${details.length} problems`;
  return new ApiError("VALIDATION_ERROR", `The ${what} is invalid: ${summary}.`, { details, ...(status ? { status } : {}) });
}

/** Builds the JSON Response for an ApiError, with X-Request-Id and Retry-After where due. */
/** What every API answer carries, success or error: never sniffed as another type, never cached. */
/** A path id that names nothing of the App (another App's id reads the same). */
export function notFound(id: string): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", `No resource with id "${id}" exists in this App.`);
}

/**
 * A resource the request's body names that is not in the App: every such answer says what was
 * looked for, that the id came from the body, and carries the field by its name ("plan_id": …), as
 * the spec's BAZI_CHART_NOT_FOUND does for a Plan's chart.
 * @example missingFromBody("RESOURCE_NOT_FOUND", "Healing Plan", "plan_id", "hpl_x")
 */
export function missingFromBody(code: "RESOURCE_NOT_FOUND" | "SUBJECT_NOT_FOUND" | "PREVIOUS_RESPONSE_NOT_FOUND" | "BAZI_CHART_NOT_FOUND", noun: string, field: string, id: string, hint = ""): ApiError {
  return new ApiError(code, `No ${noun} "${id}" exists in this App (${field} in the body)${hint ? `; ${hint}` : ""}.`, { fields: { [field]: id } });
}

export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

export function errorResponse(err: ApiError, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    ...API_ANSWER_HEADERS,
    "x-request-id": requestId,
    ...extraHeaders,
    ...err.extras.headers,
  };
  if (err.extras.retryAfterMs !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(err.extras.retryAfterMs / 1000)));
  return new Response(JSON.stringify(err.toBody(requestId)), { status: err.status, headers });
}

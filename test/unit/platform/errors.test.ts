/**
 * The error catalog and envelope (src/platform/errors.ts) against the documents: the status and
 * retryability of each code (docs/interface-spec.md "Errors" and "Endpoints"; the codes the spec
 * leaves open: docs/internals.md "Decisions where the spec is silent", docs/guide.md, docs/responses.md),
 * the error body's shape (interface-spec.md "Errors"), and the answer's headers.
 */
import { describe, expect, test } from "bun:test";
import { ApiError, ERROR_CATALOG, errorResponse, missingFromBody, validationError, type ErrorCode } from "../../../src/platform/errors.ts";

describe("the catalog", () => {
  // [code, status, retryable]; where each comes from is on its line.
  const documented: [ErrorCode, number, boolean][] = [
    ["INVALID_API_KEY", 401, false], // spec Errors: "stop retrying"
    ["APP_SUSPENDED", 403, false], // spec Errors 403 "contact the platform operator"; code: internals.md
    ["CAPABILITY_NOT_GRANTED", 403, false], // same
    ["IDEMPOTENCY_CONFLICT", 409, false], // spec Errors: "use a new key"
    ["NEW_SUBJECT_REQUIRED", 409, false], // spec Errors: "create a new cast"
    ["HEALING_PLAN_BLOCKED", 409, false], // spec Errors: "show fixed safety-action text"
    ["SESSION_STATE_CONFLICT", 409, false], // spec Errors: fetch the Session and resend, not the same request again
    ["BAZI_CHART_NOT_FOUND", 422, false], // spec Endpoints (Plan creation: 422); guide.md
    ["RATE_LIMITED", 429, true], // spec Errors 429: "wait retry_after_ms then retry"; code: internals.md
    ["CONCURRENCY_LIMITED", 429, true], // same
    ["MONTHLY_QUOTA_EXCEEDED", 429, false], // spec Errors 429: "monthly quota needs the operator"
    ["MODEL_UNAVAILABLE", 503, true], // spec Errors 503/504: "bounded retries"; code: responses.md
    ["MODEL_TIMEOUT", 504, true], // same
    ["VALIDATION_ERROR", 400, false], // spec Endpoints: 400 on invalid payload; code: internals.md
    ["INVALID_JSON", 400, false], // internals.md
    ["IDEMPOTENCY_KEY_REQUIRED", 400, false], // internals.md
    ["IDEMPOTENCY_KEY_INVALID", 400, false], // internals.md
    ["ROUTE_NOT_FOUND", 404, false], // internals.md
    ["RESOURCE_NOT_FOUND", 404, false], // spec Endpoints: 404 on a missing resource; internals.md
    ["SUBJECT_NOT_FOUND", 404, false], // responses.md
    ["PREVIOUS_RESPONSE_NOT_FOUND", 404, false], // responses.md
    ["METHOD_NOT_ALLOWED", 405, false], // internals.md
    ["IDEMPOTENCY_IN_PROGRESS", 409, true], // internals.md, guide.md: "wait and retry"
    ["PAYLOAD_TOO_LARGE", 413, false], // internals.md
    ["UNSUPPORTED_MEDIA_TYPE", 415, false], // internals.md
    ["RANGE_NOT_SATISFIABLE", 416, false], // spec Endpoints: asset "416 invalid byte range"
    ["MODEL_REFUSED", 422, false], // responses.md: "retryable: false"
    ["INTERNAL_ERROR", 500, true], // internals.md
    ["SERVICE_UNAVAILABLE", 503, true], // internals.md; deploy.md shows "retryable":true
  ];

  test("every documented code has its documented status and retryability", () => {
    for (const [code, status, retryable] of documented) {
      const entry: { status: number; retryable: boolean } | undefined = ERROR_CATALOG[code];
      expect({ code, status: entry?.status, retryable: entry?.retryable }).toEqual({ code, status, retryable });
    }
  });

  test("an ApiError takes its status from its code unless one is given (VALIDATION_ERROR is 422 on Plan creation)", () => {
    expect(new ApiError("INVALID_API_KEY", "x").status).toBe(401);
    expect(new ApiError("VALIDATION_ERROR", "x", { status: 422 }).status).toBe(422);
  });
});

describe("the error body", () => {
  // Shape: spec "Errors": error.{code, message, request_id} required, retryable boolean, retry_after_ms integer.
  test("carries code, message, request_id and retryable, and no member that is not due", () => {
    const body = new ApiError("RESOURCE_NOT_FOUND", "No such chart.").toBody("req_1");
    expect(body).toStrictEqual({ error: { code: "RESOURCE_NOT_FOUND", message: "No such chart.", request_id: "req_1", retryable: false } });
  });

  test("carries retry_after_ms when a wait is due, and the details of a validation error", () => {
    const limited = new ApiError("RATE_LIMITED", "Wait.", { retryAfterMs: 1500 }).toBody("req_2").error;
    expect(limited).toMatchObject({ retryable: true, retry_after_ms: 1500 });
    const details = [{ path: "birth.day", message: "2023-02 has 28 days" }];
    expect(validationError(details).toBody("req_3").error.details).toEqual(details);
  });

  test("a wait of 0 ms is still reported", () => {
    expect(new ApiError("IDEMPOTENCY_IN_PROGRESS", "Running.", { retryAfterMs: 0 }).toBody("r").error.retry_after_ms).toBe(0);
  });
});

describe("validationError", () => {
  // guide.md "Errors": "The payload is invalid: birth.day 2023-02 has 28 days."; a query string's message
  // begins "The query string is invalid"; errors.ts: one problem is named, several are counted.
  test("one problem: the message names the payload, the path and the problem", () => {
    const err = validationError([{ path: "birth.day", message: "2023-02 has 28 days" }]);
    expect([err.code, err.status]).toEqual(["VALIDATION_ERROR", 400]);
    expect(err.message).toBe("The payload is invalid: birth.day 2023-02 has 28 days.");
  });

  test("several problems: the message counts them instead of naming the first", () => {
    const err = validationError([{ path: "name", message: "is required" }, { path: "gender", message: "must be male or female" }], 422);
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/^The payload is invalid: .*\b2\b/);
    expect(err.message).not.toContain("name");
  });

  test("the query string is named when it is the query that is invalid", () => {
    expect(validationError([{ path: "include[0]", message: "is unknown" }], 400, "query string").message).toStartWith("The query string is invalid");
  });
});

describe("missingFromBody", () => {
  // guide.md: an id in the body that names nothing "is answered the same way everywhere: the message says
  // what was looked for and that the id came from the body, and the error carries the field by its name".
  test("says what was looked for, the id, that it came from the body, and carries the field by name", () => {
    const err = missingFromBody("RESOURCE_NOT_FOUND", "Healing Plan", "plan_id", "hpl_x");
    expect(err.status).toBe(404);
    expect(err.message).toContain("Healing Plan");
    expect(err.message).toContain('"hpl_x"');
    expect(err.message).toContain("plan_id in the body");
    expect(err.toBody("req_1").error.plan_id).toBe("hpl_x");
  });

  test("a hint is added to the message; without one nothing follows the body mention", () => {
    const hinted = missingFromBody("BAZI_CHART_NOT_FOUND", "BaZi chart", "bazi_chart_id", "bzc_x", "create it first");
    expect(hinted.status).toBe(422);
    expect(hinted.message).toContain("create it first");
    expect(hinted.toBody("r").error.bazi_chart_id).toBe("bzc_x");
    const plain = missingFromBody("SUBJECT_NOT_FOUND", "bazi Subject", "subject_id", "bzc_y");
    expect(plain.message).toMatch(/\(subject_id in the body\)\.$/);
  });
});

describe("errorResponse", () => {
  // spec: JSON bodies; guide.md: X-Request-Id equal to request_id, nosniff and no-store on every API answer;
  // deploy.md: retry_after_ms 1000 goes with "Retry-After: 1". Retry-After is whole seconds (RFC 9110),
  // so it is the smallest whole number of seconds not shorter than retry_after_ms.
  test("is JSON with the status, the body, X-Request-Id and the API answer headers", async () => {
    const res = errorResponse(new ApiError("CAPABILITY_NOT_GRANTED", "Not granted."), "req_9");
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-request-id")).toBe("req_9");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.has("retry-after")).toBe(false);
    expect(await res.json()).toEqual({ error: { code: "CAPABILITY_NOT_GRANTED", message: "Not granted.", request_id: "req_9", retryable: false } });
  });

  test("Retry-After is retry_after_ms in whole seconds, rounded up", () => {
    const retryAfter = (ms: number) => errorResponse(new ApiError("RATE_LIMITED", "Wait.", { retryAfterMs: ms }), "r").headers.get("retry-after");
    expect([retryAfter(1000), retryAfter(2500), retryAfter(61_000)]).toEqual(["1", "3", "61"]);
  });

  test("extra headers and the error's own headers are sent", () => {
    const res = errorResponse(new ApiError("METHOD_NOT_ALLOWED", "No.", { headers: { allow: "GET" } }), "r", { "ratelimit-policy": "60;w=60" });
    expect([res.status, res.headers.get("allow"), res.headers.get("ratelimit-policy")]).toEqual([405, "GET", "60;w=60"]);
  });
});

/**
 * The Idempotency-Key rules as pure functions (src/platform/idempotency.ts), against the spec's rules
 * 1–2 and the integrator's guide (docs/guide.md, "Idempotency and retries"): the key's form, the
 * request fingerprint (method, path and the body's canonical JSON), which answers are stored for
 * replay, and what an existing record means for a retry.
 */
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { canonicalJson, fingerprint, IN_PROGRESS_RETRY_MS, isReplayableStatus, judgeExisting, requireIdempotencyKey } from "../../../src/platform/idempotency.ts";
import type { IdempotencyRecord } from "../../../src/db/types.ts";
import { refusalOf } from "../../helpers/platform-unit.ts";

const refusal = refusalOf;

describe("the Idempotency-Key header: 1 to 255 printable ASCII characters", () => {
  test("absent is IDEMPOTENCY_KEY_REQUIRED; empty, too long or not printable ASCII is IDEMPOTENCY_KEY_INVALID (400)", () => {
    expect(refusal(() => requireIdempotencyKey(null))).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED", status: 400 });
    for (const bad of ["", "k".repeat(256), "キー", "tab\there", "line\nfeed"]) expect([bad, refusal(() => requireIdempotencyKey(bad))?.code]).toEqual([bad, "IDEMPOTENCY_KEY_INVALID"]);
    for (const good of ["a", "k".repeat(255), "order-42 ~!@#$%^&*()"]) expect(requireIdempotencyKey(good)).toBe(good);
  });
});

describe("the request's fingerprint", () => {
  test("canonical JSON: keys sorted at every level, arrays in order, no blanks, undefined members left out", () => {
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson([3, 1, 2])).toBe("[3,1,2]");
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: "é" }, z: undefined })).toBe('{"a":{"c":"é","d":[true,null]},"b":1}');
    expect(canonicalJson([{ y: 1, x: 2 }, []])).toBe('[{"x":2,"y":1},[]]');
  });

  test("SHA-256 of the method, the path and the canonical body: key order and blanks do not matter, anything else does", () => {
    const expected = createHash("sha256").update('POST /v1/bazi/charts\n{"birth":{"day":17,"year":1990}}').digest("hex");
    expect(fingerprint("POST", "/v1/bazi/charts", { birth: { year: 1990, day: 17 } })).toBe(expected);
    expect(fingerprint("POST", "/v1/bazi/charts", JSON.parse('{ "birth" : { "day" : 17, "year" : 1990 } }'))).toBe(expected);
    expect(fingerprint("POST", "/v1/bazi/charts", { birth: { year: 1990, day: 18 } })).not.toBe(expected);
    expect(fingerprint("POST", "/v1/liuyao/casts", { birth: { year: 1990, day: 17 } })).not.toBe(expected);
    // No body: the method and path alone, with the separator.
    expect(fingerprint("DELETE", "/v1/end_users/u1", undefined)).toBe(createHash("sha256").update("DELETE /v1/end_users/u1\n").digest("hex"));
  });
});

describe("which answers are stored and replayed", () => {
  test("success and the deterministic business outcomes (404, 409, 422) are; validation failures, idempotency refusals, 401/403, 429 and 5xx are not", () => {
    const replayed = [[200], [201], [204], [299], [404, "RESOURCE_NOT_FOUND"], [409, "NEW_SUBJECT_REQUIRED"], [422, "BAZI_CHART_NOT_FOUND"]] as const;
    const notReplayed = [[199], [300], [400, "VALIDATION_ERROR"], [422, "VALIDATION_ERROR"], [409, "IDEMPOTENCY_CONFLICT"], [409, "IDEMPOTENCY_IN_PROGRESS"], [400, "IDEMPOTENCY_KEY_INVALID"], [401, "INVALID_API_KEY"], [403, "APP_SUSPENDED"], [429, "RATE_LIMITED"], [500, "INTERNAL_ERROR"], [503, "SERVICE_UNAVAILABLE"]] as const;
    expect(replayed.filter(([status, code]) => !isReplayableStatus(status, code))).toEqual([]);
    expect(notReplayed.filter(([status, code]) => isReplayableStatus(status, code))).toEqual([]);
    // A 404 answered without a code (an unknown route) is still a deterministic outcome.
    expect(isReplayableStatus(404)).toBe(true);
  });
});

describe("an existing record for the same key", () => {
  const NOW = 1_800_000_000_000;
  const record = (state: "in_progress" | "completed", lockedUntil: number): IdempotencyRecord =>
    ({ appId: "app_1", key: "k", fingerprint: "f", state, lockedUntil, status: 201, body: "{}", requestId: "req_1", createdAt: NOW - 10, expiresAt: NOW + 86_400_000, resourceId: null });

  test("another request under the key is IDEMPOTENCY_CONFLICT; a finished identical one is replayed", () => {
    expect(refusal(() => judgeExisting(record("completed", 0), "other", NOW))).toMatchObject({ code: "IDEMPOTENCY_CONFLICT", status: 409 });
    expect(judgeExisting(record("completed", 0), "f", NOW)).toBe("replay");
  });

  test("one still running is IDEMPOTENCY_IN_PROGRESS, to retry when its lock ends but within a second and never at once", () => {
    expect(refusal(() => judgeExisting(record("in_progress", NOW + 300), "f", NOW))).toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS", status: 409, retryAfterMs: 300 });
    expect(refusal(() => judgeExisting(record("in_progress", NOW + 60_000), "f", NOW))?.retryAfterMs).toBe(IN_PROGRESS_RETRY_MS);
    expect(refusal(() => judgeExisting(record("in_progress", NOW - 5), "f", NOW))?.retryAfterMs).toBe(1);
  });
});

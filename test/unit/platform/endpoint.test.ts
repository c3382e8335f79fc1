/**
 * endpointErrorCodes (src/platform/endpoint.ts): the error codes an endpoint's declaration says it
 * can answer, which its OpenAPI operation lists. Expected from what the pipeline does with each part
 * of a declaration (docs/internals.md "The request pipeline"; the interface spec's error table): every
 * endpoint authenticates (401, 403 suspended), takes the App's allowance (429 twice) and can fail
 * (500, 503); the rest follows from the capability, billing, path ids, Idempotency-Key, query and body.
 */
import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { defineEndpoint, endpointErrorCodes, type Endpoint } from "../../../src/platform/endpoint.ts";
import type { ErrorCode } from "../../../src/platform/errors.ts";

const EVERY_ENDPOINT: ErrorCode[] = ["INVALID_API_KEY", "APP_SUSPENDED", "RATE_LIMITED", "CONCURRENCY_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];

/** The least an endpoint can declare: any App, no key, no input, nothing billed. */
function declared(parts: Partial<Endpoint>): Endpoint {
  return defineEndpoint({
    method: "GET",
    path: "/v1/things",
    operationId: "get_things",
    summary: "Things",
    description: "Things.",
    tag: "Things",
    capability: null,
    idempotent: false,
    success: { status: 200, description: "OK" },
    errors: [],
    handle: async () => ({ status: 200, body: {} }),
    ...parts,
  } as Endpoint<undefined>);
}

/** The codes beyond the ones every endpoint answers; none may be listed twice. */
function beyondEveryEndpoint(parts: Partial<Endpoint>): ErrorCode[] {
  const codes = endpointErrorCodes(declared(parts));
  expect(new Set(codes).size).toBe(codes.length);
  expect(codes).toEqual(expect.arrayContaining(EVERY_ENDPOINT));
  return codes.filter((c) => !EVERY_ENDPOINT.includes(c)).sort();
}

describe("the error codes a declaration implies", () => {
  test("an endpoint with nothing declared answers only what every endpoint can", () => {
    expect(beyondEveryEndpoint({})).toEqual([]);
  });

  test("a capability adds 403 CAPABILITY_NOT_GRANTED; so does a handler that checks one itself, listed once", () => {
    expect(beyondEveryEndpoint({ capability: "bazi" })).toEqual(["CAPABILITY_NOT_GRANTED"]);
    expect(beyondEveryEndpoint({ errors: ["CAPABILITY_NOT_GRANTED"] })).toEqual(["CAPABILITY_NOT_GRANTED"]);
    expect(beyondEveryEndpoint({ capability: "liuyao", errors: ["CAPABILITY_NOT_GRANTED"] })).toEqual(["CAPABILITY_NOT_GRANTED"]);
  });

  test("billing, by the pipeline or by the handler, adds 429 MONTHLY_QUOTA_EXCEEDED", () => {
    expect(beyondEveryEndpoint({ billable: true })).toEqual(["MONTHLY_QUOTA_EXCEEDED"]);
    expect(beyondEveryEndpoint({ billable: "handler" })).toEqual(["MONTHLY_QUOTA_EXCEEDED"]);
    expect(beyondEveryEndpoint({ billable: false })).toEqual([]);
  });

  test("a path id adds 404 RESOURCE_NOT_FOUND; an empty list of them adds nothing", () => {
    expect(beyondEveryEndpoint({ params: [{ name: "thing_id", pattern: /^thg_\w+$/, description: "A thing." }] })).toEqual(["RESOURCE_NOT_FOUND"]);
    expect(beyondEveryEndpoint({ params: [] })).toEqual([]);
  });

  test("a required Idempotency-Key adds its four codes; an optional one all but KEY_REQUIRED", () => {
    const replayCodes: ErrorCode[] = ["IDEMPOTENCY_CONFLICT", "IDEMPOTENCY_IN_PROGRESS", "IDEMPOTENCY_KEY_INVALID"];
    expect(beyondEveryEndpoint({ method: "POST", idempotent: true })).toEqual([...replayCodes, "IDEMPOTENCY_KEY_REQUIRED" as const].sort());
    expect(beyondEveryEndpoint({ method: "POST", idempotent: "optional" })).toEqual(replayCodes);
  });

  test("a query adds 400 VALIDATION_ERROR; a body adds it with the body's own three", () => {
    expect(beyondEveryEndpoint({ query: Type.Object({ limit: Type.Optional(Type.Integer()) }) })).toEqual(["VALIDATION_ERROR"]);
    expect(beyondEveryEndpoint({ method: "POST", body: Type.Object({}) })).toEqual(["INVALID_JSON", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR"]);
  });

  test("the business errors declared are listed as well", () => {
    expect(beyondEveryEndpoint({ errors: ["SESSION_NOT_FINISHED", "CHECKOUT_ALREADY_SUBMITTED"] })).toEqual(["CHECKOUT_ALREADY_SUBMITTED", "SESSION_NOT_FINISHED"]);
  });
});

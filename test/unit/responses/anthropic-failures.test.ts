/** How SDK errors map to the two model failures (the HTTP tests drive the same paths end to end). */
import { describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import { classifyFailure } from "../../../src/responses/anthropic-interpreter.ts";

const apiError = (status: number, headers: Record<string, string> = {}) => Anthropic.APIError.generate(status, { error: { type: "x", message: "m" } }, "m", new Headers(headers));

describe("classifyFailure", () => {
  test.each([
    [429, "unavailable", true],
    [529, "unavailable", true],
    [500, "unavailable", true],
    [503, "unavailable", true],
    [409, "unavailable", true],
    [408, "timeout", true],
    [504, "timeout", true],
    [400, "unavailable", false],
    [401, "unavailable", false],
    [404, "unavailable", false],
  ] as const)("status %i → %s, retryable %p", (status, kind, retryable) => {
    expect(classifyFailure(apiError(status), false)).toMatchObject({ kind, retryable });
  });

  test("Retry-After: milliseconds first, then seconds", () => {
    expect(classifyFailure(apiError(429, { "retry-after-ms": "250", "retry-after": "9" }), false).retryAfterMs).toBe(250);
    expect(classifyFailure(apiError(529, { "retry-after": "2" }), false).retryAfterMs).toBe(2000);
    expect(classifyFailure(apiError(500), false).retryAfterMs).toBeNull();
  });

  test("timeouts, our own deadline, connection errors and anything else the call throws", () => {
    expect(classifyFailure(new Anthropic.APIConnectionTimeoutError(), false).kind).toBe("timeout");
    expect(classifyFailure(new Anthropic.APIUserAbortError(), true).kind).toBe("timeout");
    expect(classifyFailure(new Anthropic.APIConnectionError({ message: "reset" }), false)).toMatchObject({ kind: "unavailable", retryable: true });
    expect(classifyFailure(new TypeError("ECONNRESET"), false)).toMatchObject({ kind: "unavailable", retryable: true });
  });
});

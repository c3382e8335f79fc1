/**
 * The one-process limits (LocalLimiter, src/platform/limits.ts) with the clock passed in: a token
 * bucket of `rpm` tokens refilled evenly over a minute, and a count of requests in flight, each
 * breach a 429 with its retry hint (spec: RATE_LIMITED, CONCURRENCY_LIMITED) and the RateLimit
 * headers of draft-ietf-httpapi-ratelimit-headers. The shared (PostgreSQL) limiter answers the same
 * and is tested on a real database in test/postgres/limits.test.ts.
 */
import { describe, expect, test } from "bun:test";
import type { AppRecord } from "../../../src/db/types.ts";
import { LocalLimiter, rateHeaders } from "../../../src/platform/limits.ts";
import { refusalOf } from "../../helpers/platform-unit.ts";

const T0 = 1_800_000_000_000;
const app = (rpm: number, concurrency: number): AppRecord => ({
  id: `app_${rpm}_${concurrency}`, name: "limits", env: "test", capabilities: ["bazi"], rpm, concurrency, monthlyQuota: 1000, status: "active", createdAt: T0, updatedAt: T0,
});
const refusal = refusalOf;

describe("requests per minute", () => {
  test("a full bucket of rpm tokens; each request takes one and says how many are left and when the bucket is full again", () => {
    const limiter = new LocalLimiter();
    const a = app(60, 100);
    // 60 a minute is one a second: after one request, 59 left and 1 s to refill it.
    expect(limiter.take(a, T0).rate).toEqual({ limit: 60, remaining: 59, resetSeconds: 1 });
    for (let i = 0; i < 58; i++) limiter.take(a, T0).release();
    expect(limiter.take(a, T0).rate).toEqual({ limit: 60, remaining: 0, resetSeconds: 60 });
  });

  test("a spent bucket is 429 RATE_LIMITED until one token has refilled: the hint is the time to it, in the headers too", () => {
    const limiter = new LocalLimiter();
    const a = app(120, 1000); // a token every 500 ms
    for (let i = 0; i < 120; i++) limiter.take(a, T0);
    expect(refusal(() => limiter.take(a, T0))).toEqual({
      code: "RATE_LIMITED", status: 429, retryAfterMs: 500,
      headers: { "ratelimit-policy": '"rpm";q=120;w=60', ratelimit: '"rpm";r=0;t=1' },
    });
    // 200 ms later 0.4 of a token is back: 300 ms to go.
    expect(refusal(() => limiter.take(a, T0 + 200))?.retryAfterMs).toBe(300);
    expect(limiter.take(a, T0 + 500).rate.remaining).toBe(0);
    // A minute idle fills the bucket, and no more than full.
    expect(limiter.take(a, T0 + 10 * 60_000).rate).toEqual({ limit: 120, remaining: 119, resetSeconds: 1 });
  });
});

describe("requests in flight", () => {
  test("beyond the App's concurrency is 429 CONCURRENCY_LIMITED with a 250 ms hint; a release frees one slot, once however often it is called", () => {
    const limiter = new LocalLimiter();
    const a = app(1000, 2);
    const first = limiter.take(a, T0);
    limiter.take(a, T0);
    expect(refusal(() => limiter.take(a, T0))).toMatchObject({ code: "CONCURRENCY_LIMITED", status: 429, retryAfterMs: 250 });
    first.release();
    first.release();
    const third = limiter.take(a, T0);
    // Two in flight again (the second and the third): the double release freed one slot, not two.
    expect(refusal(() => limiter.take(a, T0))?.code).toBe("CONCURRENCY_LIMITED");
    third.release();
    expect(limiter.take(a, T0).rate.limit).toBe(1000);
  });

  test("each App counts alone", () => {
    const limiter = new LocalLimiter();
    limiter.take(app(1000, 1), T0);
    expect(limiter.take(app(1000, 2), T0).rate.remaining).toBe(999);
  });
});

test("the RateLimit headers as structured fields", () => {
  expect(rateHeaders({ limit: 60, remaining: 7, resetSeconds: 9 })).toEqual({ "ratelimit-policy": '"rpm";q=60;w=60', ratelimit: '"rpm";r=7;t=9' });
});

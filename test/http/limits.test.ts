/**
 * Per-App limits over the real server: requests per minute (token bucket) and
 * requests in flight, each a 429 whose retry_after_ms equals Retry-After; the
 * RateLimit headers on successful answers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { fixtureEndpoints, type FixtureState } from "../helpers/fixture-endpoints.ts";

let s: TestServer;
const state: FixtureState = { created: [], gate: null };
let now = Date.UTC(2026, 10, 23, 12, 0, 0);

beforeAll(async () => {
  s = await startServer({ endpoints: (store) => fixtureEndpoints(state, store), clock: () => now });
});
afterAll(() => s.stop());

const create = (key: string, body: unknown = { name: "a" }) => s.request("POST", "/v1/test/widgets", { body, key, idempotencyKey: uniqueKey() });

describe("requests per minute", () => {
  test("successful answers carry RateLimit-Policy and RateLimit", async () => {
    const t = await s.newTenant({ rpm: 60 });
    const res = await create(t.key);
    expect(res.status).toBe(201);
    expect(res.headers.get("ratelimit-policy")).toBe('"rpm";q=60;w=60');
    expect(res.headers.get("ratelimit")).toMatch(/^"rpm";r=59;t=\d+$/);
  });
  test("the allowance spent → 429 RATE_LIMITED with Retry-After = ceil(retry_after_ms / 1000); it refills with time", async () => {
    const t = await s.newTenant({ rpm: 3 });
    for (let i = 0; i < 3; i++) expect((await create(t.key)).status).toBe(201);
    const res = await create(t.key);
    const error = expectErrorShape(res, 429, "RATE_LIMITED");
    expect(error.retryable).toBe(true);
    expect(error.retry_after_ms).toBe(20_000);
    expect(res.headers.get("retry-after")).toBe("20");
    expect(res.headers.get("ratelimit")).toBe('"rpm";r=0;t=20');
    now += 20_000;
    expect((await create(t.key)).status).toBe(201);
  });
  test("one App's breach does not limit another", async () => {
    const a = await s.newTenant({ rpm: 1 });
    const b = await s.newTenant({ rpm: 1 });
    expect((await create(a.key)).status).toBe(201);
    expect((await create(a.key)).status).toBe(429);
    expect((await create(b.key)).status).toBe(201);
  });
});

describe("requests in flight", () => {
  test("over the concurrency limit → 429 CONCURRENCY_LIMITED; the slot is freed when the request ends", async () => {
    const t = await s.newTenant({ concurrency: 1 });
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const slow = create(t.key, { name: "slow" });
    await Bun.sleep(30);
    const res = await create(t.key);
    const error = expectErrorShape(res, 429, "CONCURRENCY_LIMITED");
    expect(error.retryable).toBe(true);
    expect(res.headers.get("retry-after")).toBe(String(Math.ceil(error.retry_after_ms / 1000)));
    open();
    state.gate = null;
    expect((await slow).status).toBe(201);
    expect((await create(t.key)).status).toBe(201);
  });
});

describe("monthly quota", () => {
  test("billing units count successful billable requests only; replays are free; the spent quota → 429 MONTHLY_QUOTA_EXCEEDED, not retryable", async () => {
    const t = await s.newTenant({ monthlyQuota: 2 });
    const bill = (idem: string, body: unknown = { name: "r" }) => s.request("POST", "/v1/test/billable", { body, key: t.key, idempotencyKey: idem });
    const key = uniqueKey();
    expect((await bill(key)).status).toBe(201);
    expect((await bill(key)).headers.get("idempotent-replayed")).toBe("true");
    expectErrorShape(await bill(uniqueKey(), { name: 1 }), 400, "VALIDATION_ERROR");
    expect((await bill(uniqueKey())).status).toBe(201);
    const month = new Date(now).toISOString().slice(0, 7);
    expect((await s.operator.usage(t.app.id, month)).billing_units).toBe(2);
    const res = await bill(uniqueKey());
    const error = expectErrorShape(res, 429, "MONTHLY_QUOTA_EXCEEDED");
    expect(error.retryable).toBe(false);
    // The quota resets at the next UTC month: the wait says so.
    const nextMonth = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1);
    expect(error.retry_after_ms).toBe(nextMonth - now);
    expect(res.headers.get("retry-after")).toBe(String(Math.ceil((nextMonth - now) / 1000)));
    // A replay of an earlier success still answers: it costs nothing.
    expect((await bill(key)).status).toBe(201);
    await s.operator.updateApp(t.app.id, { monthlyQuota: 3 });
    expect((await bill(uniqueKey())).status).toBe(201);
  });
  test("requests are counted per App and month", async () => {
    const t = await s.newTenant();
    await create(t.key);
    await create(t.key);
    await s.app.counter.flush();
    const month = new Date(now).toISOString().slice(0, 7);
    expect((await s.operator.usage(t.app.id, month)).requests).toBe(2);
  });
});

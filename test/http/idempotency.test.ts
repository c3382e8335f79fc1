/**
 * Idempotency over the real server (spec rules 1–2): required keys, replays byte
 * for byte, conflicts, in-progress claims, what is and is not stored, expiry.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { fingerprint } from "../../src/platform/idempotency.ts";
import { fixtureEndpoints, type FixtureState } from "../helpers/fixture-endpoints.ts";

let s: TestServer;
const state: FixtureState = { created: [], gate: null };
let now = Date.now();
const create = (body: unknown, idem: string | null, key?: string) => s.request("POST", "/v1/test/widgets", { body, idempotencyKey: idem, key });

beforeAll(async () => {
  s = await startServer({ endpoints: (store) => fixtureEndpoints(state, store), clock: () => now, env: { IDEMPOTENCY_TTL_HOURS: "1" } });
});
afterAll(() => s.stop());

describe("the Idempotency-Key header", () => {
  test("missing → 400 IDEMPOTENCY_KEY_REQUIRED", async () => {
    expectErrorShape(await create({ name: "a" }, null), 400, "IDEMPOTENCY_KEY_REQUIRED");
  });
  test("empty, over 255 characters or not printable ASCII → 400 IDEMPOTENCY_KEY_INVALID", async () => {
    expectErrorShape(await create({ name: "a" }, ""), 400, "IDEMPOTENCY_KEY_INVALID");
    expectErrorShape(await create({ name: "a" }, "k".repeat(256)), 400, "IDEMPOTENCY_KEY_INVALID");
    expectErrorShape(await s.request("POST", "/v1/test/widgets", { body: { name: "a" }, headers: { "idempotency-key": "tab\there" } }), 400, "IDEMPOTENCY_KEY_INVALID");
    expect((await create({ name: "a" }, "k".repeat(255))).status).toBe(201);
  });
});

describe("replays", () => {
  test("same key and body → the stored status and body byte for byte, marked, nothing new created", async () => {
    const key = uniqueKey();
    const first = await create({ name: "replay", size: 2 }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const count = state.created.length;
    // Key order and whitespace do not change the fingerprint.
    const again = await s.request("POST", "/v1/test/widgets", { raw: '{ "size": 2,\n "name": "replay" }', idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    expect(state.created.length).toBe(count);
  });
  test("same key, different body → 409 IDEMPOTENCY_CONFLICT, not retryable", async () => {
    const key = uniqueKey();
    expect((await create({ name: "one" }, key)).status).toBe(201);
    const error = expectErrorShape(await create({ name: "two" }, key), 409, "IDEMPOTENCY_CONFLICT");
    expect(error.retryable).toBe(false);
  });
  test("the same key on another route is a conflict, not a replay", async () => {
    const key = uniqueKey();
    expect((await create({ name: "one" }, key)).status).toBe(201);
    expectErrorShape(await s.request("POST", "/v1/test/strict", { body: { name: "one" }, idempotencyKey: key }), 409, "IDEMPOTENCY_CONFLICT");
  });
  test("keys are scoped per App: another App may use the same key", async () => {
    const key = uniqueKey();
    const other = await s.newTenant();
    const a = await create({ name: "scoped" }, key);
    const b = await create({ name: "scoped" }, key, other.key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(b.json.id).not.toBe(a.json.id);
  });
  test("a deterministic business error (404) is stored and replayed", async () => {
    const key = uniqueKey();
    const first = await create({ name: "missing" }, key);
    expectErrorShape(first, 404, "RESOURCE_NOT_FOUND");
    const again = await create({ name: "missing" }, key);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
  test("validation failures, auth failures and 5xx are not stored: a retry runs again", async () => {
    const key = uniqueKey();
    expectErrorShape(await create({ name: 5 }, key), 400, "VALIDATION_ERROR");
    expectErrorShape(await create({ name: "a" }, key, "ap_test_bad"), 401, "INVALID_API_KEY");
    expect((await create({ name: "fixed" }, key)).status).toBe(201);

    const faultKey = uniqueKey();
    expectErrorShape(await create({ name: "boom" }, faultKey), 500, "INTERNAL_ERROR");
    expect(await s.store.idempotency.get(s.tenant.app.id, faultKey)).toBeNull();
  });
});

describe("concurrency", () => {
  test("a retry while the first request runs → 409 IDEMPOTENCY_IN_PROGRESS, retryable with retry_after_ms", async () => {
    let open!: () => void;
    state.gate = new Promise((r) => (open = r));
    const key = uniqueKey();
    const first = create({ name: "slow" }, key);
    await Bun.sleep(30);
    const second = await create({ name: "slow" }, key);
    const error = expectErrorShape(second, 409, "IDEMPOTENCY_IN_PROGRESS");
    expect(error.retryable).toBe(true);
    expect(error.retry_after_ms).toBeGreaterThan(0);
    expect(second.headers.get("retry-after")).toBe(String(Math.ceil(error.retry_after_ms / 1000)));
    open();
    state.gate = null;
    expect((await first).status).toBe(201);
    const third = await create({ name: "slow" }, key);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
  });
  test("20 concurrent identical requests create exactly one resource", async () => {
    const key = uniqueKey();
    const before = state.created.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => create({ name: "burst" }, key)));
    expect(state.created.length - before).toBe(1);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.json.id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
  });
});

describe("expiry", () => {
  test("records expire after IDEMPOTENCY_TTL_HOURS; the purge removes them and the key runs anew", async () => {
    const key = uniqueKey();
    const first = await create({ name: "ttl" }, key);
    now += 3_600_000 + 1;
    const later = await create({ name: "ttl" }, key);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(later.json.id).not.toBe(first.json.id);
    const old = uniqueKey();
    await create({ name: "old" }, old);
    expect(await s.store.idempotency.purgeExpired(now + 3_600_001)).toBeGreaterThan(0);
    expect(await s.store.idempotency.get(s.tenant.app.id, old)).toBeNull();
  });
  test("an in-progress claim whose process died is taken over after its lock", async () => {
    const key = uniqueKey();
    const body = { name: "crash" };
    // A claim left behind by a process killed mid-request.
    await s.store.idempotency.claim({ appId: s.tenant.app.id, key, fingerprint: fingerprint("POST", "/v1/test/widgets", body), requestId: "req_dead", now, ttlMs: 3_600_000, lockMs: 1000 });
    expectErrorShape(await create(body, key), 409, "IDEMPOTENCY_IN_PROGRESS");
    expectErrorShape(await create({ name: "other" }, key), 409, "IDEMPOTENCY_CONFLICT");
    now += 1001;
    const retried = await create(body, key);
    expect(retried.status).toBe(201);
    expect((await s.store.idempotency.get(s.tenant.app.id, key))?.state).toBe("completed");
  });
});

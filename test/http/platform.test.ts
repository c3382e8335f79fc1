/**
 * The platform rules over the real HTTP server: authentication, tenancy errors,
 * unknown routes and methods, body handling, validation, request ids, CORS.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { fixtureEndpoints, type FixtureState } from "../helpers/fixture-endpoints.ts";
import { digestKey, generateKey } from "../../src/platform/keys.ts";

let s: TestServer;
const state: FixtureState = { created: [], gate: null };
const create = (body: unknown, o: { key?: string | null; idem?: string | null; headers?: Record<string, string> } = {}) =>
  s.request("POST", "/v1/test/widgets", { body, key: o.key, idempotencyKey: o.idem === undefined ? uniqueKey() : o.idem, headers: o.headers });

beforeAll(async () => {
  s = await startServer({ endpoints: (store) => fixtureEndpoints(state, store) });
});
afterAll(() => s.stop());

describe("authentication", () => {
  test("a missing key is 401 INVALID_API_KEY", async () => {
    expectErrorShape(await create({ name: "a" }, { key: null }), 401, "INVALID_API_KEY");
  });
  test("a non-Bearer header is 401", async () => {
    const res = await s.request("POST", "/v1/test/widgets", { body: { name: "a" }, key: null, idempotencyKey: uniqueKey(), headers: { authorization: `Basic ${s.tenant.key}` } });
    expectErrorShape(res, 401, "INVALID_API_KEY");
  });
  test("a mistyped key fails its checksum", async () => {
    const k = s.tenant.key;
    const last = k.at(-1) === "a" ? "b" : "a";
    const error = expectErrorShape(await create({ name: "a" }, { key: k.slice(0, -1) + last }), 401, "INVALID_API_KEY");
    expect(error.message).toContain("checksum");
  });
  test("a well-formed key that was never issued is 401", async () => {
    const error = expectErrorShape(await create({ name: "a" }, { key: generateKey("test") }), 401, "INVALID_API_KEY");
    expect(error.message).toContain("not recognised");
  });
  test("a revoked key is 401", async () => {
    const t = await s.newTenant();
    const { record, key } = await s.operator.createKey(t.app.id, "to revoke", null);
    expect((await create({ name: "a" }, { key })).status).toBe(201);
    await s.operator.revokeKey(record.id);
    expect(expectErrorShape(await create({ name: "a" }, { key }), 401, "INVALID_API_KEY").message).toContain("revoked");
  });
  test("an expired key is 401", async () => {
    const t = await s.newTenant();
    const { key } = await s.operator.createKey(t.app.id, "expired", Date.now() - 1000);
    expect(expectErrorShape(await create({ name: "a" }, { key }), 401, "INVALID_API_KEY").message).toContain("expired");
  });
  test("a key expiring at the request's very instant is expired; one expiring a millisecond later is not", async () => {
    const at = Date.parse("2026-03-01T00:00:00Z");
    const fixed = await startServer({ clock: () => at });
    try {
      const t = await fixed.newTenant();
      const atNow = await fixed.operator.createKey(t.app.id, "expires now", at);
      const later = await fixed.operator.createKey(t.app.id, "expires in 1 ms", at + 1);
      const read = (key: string) => fixed.request("GET", "/v1/bazi/charts/bzc_missing", { key });
      expect(expectErrorShape(await read(atNow.key), 401, "INVALID_API_KEY").message).toBe("The API key has expired.");
      expectErrorShape(await read(later.key), 404, "RESOURCE_NOT_FOUND");
    } finally {
      await fixed.stop();
    }
  });
  test("live Apps get ap_live_ keys, and a key whose prefix does not match its App's environment is 401", async () => {
    const live = await s.newTenant({ env: "live" });
    expect(live.key.startsWith("ap_live_")).toBe(true);
    expect((await create({ name: "a" }, { key: live.key })).status).toBe(201);
    // Only a tampered database could hold such a key: the operator always issues keys of the App's env.
    const testKey = generateKey("test");
    await s.store.keys.insert({ id: "key_mismatch", appId: live.app.id, name: null, digest: digestKey(testKey, s.config.keyPepper), hint: "x", createdAt: Date.now(), expiresAt: null, revokedAt: null, lastUsedAt: null });
    expect(expectErrorShape(await create({ name: "a" }, { key: testKey }), 401, "INVALID_API_KEY").message).toContain("live App");
  });
  test("a suspended App is 403 APP_SUSPENDED, and works again when resumed", async () => {
    const t = await s.newTenant();
    await s.operator.updateApp(t.app.id, { status: "suspended" });
    expectErrorShape(await create({ name: "a" }, { key: t.key }), 403, "APP_SUSPENDED");
    await s.operator.updateApp(t.app.id, { status: "active" });
    expect((await create({ name: "a" }, { key: t.key })).status).toBe(201);
  });
  test("a capability not granted is 403 CAPABILITY_NOT_GRANTED naming it", async () => {
    const t = await s.newTenant({ capabilities: ["liuyao"] });
    const error = expectErrorShape(await create({ name: "a" }, { key: t.key }), 403, "CAPABILITY_NOT_GRANTED");
    expect(error.message).toContain("bazi");
    expect(error.capability).toBe("bazi");
  });
  test("authentication comes before the body: a bad key with broken JSON is 401", async () => {
    const res = await s.request("POST", "/v1/test/widgets", { raw: "{not json", key: "nope", idempotencyKey: uniqueKey() });
    expectErrorShape(res, 401, "INVALID_API_KEY");
  });
});

describe("routing and bodies", () => {
  test("an unknown path is 404 ROUTE_NOT_FOUND in the error shape", async () => {
    expectErrorShape(await s.request("GET", "/v1/nothing-here"), 404, "ROUTE_NOT_FOUND");
  });
  test("a wrong method is 405 with an Allow header", async () => {
    const res = await s.request("PUT", "/v1/test/widgets", { body: {} });
    expectErrorShape(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("POST");
  });
  test("a non-JSON content type is 415", async () => {
    const res = await s.request("POST", "/v1/test/widgets", { raw: "name=a", idempotencyKey: uniqueKey(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expectErrorShape(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });
  test("malformed JSON is 400 INVALID_JSON", async () => {
    expectErrorShape(await s.request("POST", "/v1/test/widgets", { raw: '{"name":', idempotencyKey: uniqueKey() }), 400, "INVALID_JSON");
  });
  test("an empty body is 400 INVALID_JSON", async () => {
    expectErrorShape(await s.request("POST", "/v1/test/widgets", { raw: "", idempotencyKey: uniqueKey() }), 400, "INVALID_JSON");
  });
  test("a body over 64 KiB is 413, declared or streamed", async () => {
    const big = JSON.stringify({ name: "x".repeat(70 * 1024) });
    expectErrorShape(await s.request("POST", "/v1/test/widgets", { raw: big, idempotencyKey: uniqueKey() }), 413, "PAYLOAD_TOO_LARGE");
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    expectErrorShape(await s.request("POST", "/v1/test/widgets", { raw: stream, idempotencyKey: uniqueKey() }), 413, "PAYLOAD_TOO_LARGE");
  });
  test("a fault in a handler is a 500 in the error shape without a stack trace", async () => {
    const res = await create({ name: "boom" });
    const error = expectErrorShape(res, 500, "INTERNAL_ERROR");
    expect(error.retryable).toBe(true);
    expect(res.text).not.toContain("fixture fault");
    expect(res.text).not.toContain(".ts:");
  });
});

describe("strict validation", () => {
  test("unknown properties at any level are rejected with details", async () => {
    const res = await create({ name: "a", extra: 1, nested: { flag: true, deeper: 2 } });
    const error = expectErrorShape(res, 400, "VALIDATION_ERROR");
    expect(error.details).toContainEqual({ path: "extra", message: "is not an allowed property" });
    expect(error.details).toContainEqual({ path: "nested.deeper", message: "is not an allowed property" });
  });
  test("numeric strings are not coerced", async () => {
    const error = expectErrorShape(await create({ name: "a", size: "3" }), 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([{ path: "size", message: "must be an integer" }]);
  });
  test("fractions, ranges, lengths and item counts are checked", async () => {
    expect(expectErrorShape(await create({ name: "a", size: 2.5 }), 400, "VALIDATION_ERROR").details[0].path).toBe("size");
    expect(expectErrorShape(await create({ name: "a", size: 11 }), 400, "VALIDATION_ERROR").details).toEqual([{ path: "size", message: "must be at most 10" }]);
    expect(expectErrorShape(await create({ name: "x".repeat(21) }), 400, "VALIDATION_ERROR").details).toEqual([{ path: "name", message: "must be at most 20 characters" }]);
    // Lengths count characters (code points), as JSON Schema's maxLength does: an emoji is one, not two UTF-16 units.
    expect((await create({ name: "😀".repeat(20) })).status).toBe(201);
    expect(expectErrorShape(await create({ name: "😀".repeat(21) }), 400, "VALIDATION_ERROR").details).toEqual([{ path: "name", message: "must be at most 20 characters" }]);
    expect(expectErrorShape(await create({ name: "a", tags: ["1", "2", "3", "4"] }), 400, "VALIDATION_ERROR").details).toEqual([{ path: "tags", message: "must have at most 3 items" }]);
    expect(expectErrorShape(await create({ name: "a", tags: ["1", 2] }), 400, "VALIDATION_ERROR").details).toEqual([{ path: "tags[1]", message: "must be a string" }]);
  });
  test("a missing required field and a non-object body are reported", async () => {
    expect(expectErrorShape(await create({}), 400, "VALIDATION_ERROR").details).toEqual([{ path: "name", message: "is required" }]);
    expect(expectErrorShape(await create([1, 2]), 400, "VALIDATION_ERROR").details[0].path).toBe("(body)");
    expect(expectErrorShape(await create(null), 400, "VALIDATION_ERROR").details[0].path).toBe("(body)");
  });
  test("strings with lone surrogates are refused, not silently turned into U+FFFD by SQLite", async () => {
    // JSON.stringify keeps a lone surrogate as the escape \ud800, exactly as a client would send it.
    const error = expectErrorShape(await create({ name: "a\uD800", tags: ["ok", "\uDC00b", "😀"] }), 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([
      { path: "name", message: "must be well-formed Unicode (it contains a lone surrogate)" },
      { path: "tags[1]", message: "must be well-formed Unicode (it contains a lone surrogate)" },
    ]);
    expect((await create({ name: "😀 ok" })).status).toBe(201);
  });
  test("U+0000 is refused in values and names (PostgreSQL cannot store it)", async () => {
    const error = expectErrorShape(await create({ name: "a\u0000b", tags: ["ok", "\u0000"] }), 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([
      { path: "name", message: "must be free of the NUL character U+0000" },
      { path: "tags[1]", message: "must be free of the NUL character U+0000" },
    ]);
  });
  test("an endpoint that declares 422 answers 422 VALIDATION_ERROR", async () => {
    const res = await s.request("POST", "/v1/test/strict", { body: { nope: 1 }, idempotencyKey: uniqueKey() });
    expectErrorShape(res, 422, "VALIDATION_ERROR");
  });
});

describe("headers", () => {
  test("every API answer says nosniff and no-store; once the App is known, errors carry its RateLimit headers too", async () => {
    const created = await create({ name: "a" });
    const invalid = await create({ name: 1 });
    const unauthenticated = await create({ name: "a" }, { key: null });
    const health = await s.request("GET", "/health", { key: null });
    for (const res of [created, invalid, unauthenticated, health]) {
      expect({ status: res.status, nosniff: res.headers.get("x-content-type-options"), cache: res.headers.get("cache-control") }).toEqual({ status: res.status, nosniff: "nosniff", cache: "no-store" });
    }
    expect([created, invalid].map((r) => r.headers.get("ratelimit-policy"))).toEqual(['"rpm";q=100000;w=60', '"rpm";q=100000;w=60']);
    expect(invalid.status).toBe(400);
    // Before the key is known there is no allowance to report.
    expect(unauthenticated.headers.get("ratelimit")).toBeNull();
  });

  test("every answer carries X-Request-Id; errors carry the same id in the body", async () => {
    for (const res of [await s.request("GET", "/health"), await s.request("GET", "/ready"), await create({ name: "a" }), await s.request("GET", "/zzz")]) {
      expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9A-Za-z]{20}$/);
    }
  });
  test("business endpoints send no CORS headers, even to a browser origin", async () => {
    const res = await create({ name: "a" }, { headers: { origin: "https://example.com" } });
    expect(res.status).toBe(201);
    expect([...res.headers.keys()].filter((h) => h.startsWith("access-control-"))).toEqual([]);
    const preflight = await s.request("OPTIONS", "/v1/test/widgets", { key: null, headers: { origin: "https://example.com", "access-control-request-method": "POST" } });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
  test("ids that do not match their pattern read as 404 like missing ones", async () => {
    expectErrorShape(await s.request("GET", "/v1/test/widgets/nope_123"), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("GET", "/v1/test/widgets/bzc_missing"), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("operations", () => {
  test("/health answers ok with the version and the interpreter (here the local one: no key)", async () => {
    const res = await s.request("GET", "/health", { key: null });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", version: "1.0.0", build: "1.0.0+source", model: { interpreter: "local", model: "lingshu-local-1", profile: null, effort: null, retires: null } });
  });
  test("/ready is 200 when migrations are applied and 503 when one is missing", async () => {
    expect((await s.request("GET", "/ready", { key: null })).status).toBe(200);
    const rows = await s.db.all<{ tag: string; applied_at: number }>("SELECT tag, applied_at FROM __lingshu_migrations");
    await s.db.run("DELETE FROM __lingshu_migrations");
    try {
      const res = await s.request("GET", "/ready", { key: null });
      expectErrorShape(res, 503, "SERVICE_UNAVAILABLE");
    } finally {
      for (const r of rows) await s.db.run("INSERT INTO __lingshu_migrations (tag, applied_at) VALUES (?, ?)", r.tag, r.applied_at);
    }
    expect((await s.request("GET", "/ready", { key: null })).status).toBe(200);
  });
});

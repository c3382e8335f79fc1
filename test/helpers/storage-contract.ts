/**
 * What every backend of the Storage contract (src/db/storage.ts) must do, as one suite a backend
 * runs by handing it a way to open a fresh store: SQLite in `npm test`
 * (test/unit/db/storage-contract.test.ts), PostgreSQL under a test server
 * (test/postgres/storage-contract.test.ts), a third backend the same way. Each test works in Apps
 * of its own, so the tests share one store. The expectations are written here, from the contract's
 * words, not read from either backend.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Storage } from "../../src/db/storage.ts";
import { DeletedMeanwhile, MonthlyQuotaExhausted, type AppRecord, type IdempotencyClaim, type KeyRecord } from "../../src/db/types.ts";
import { SUBJECTS, type SubjectKind } from "../../src/subjects.ts";

export interface OpenedStore {
  store: Storage;
  close(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 2, 9, 0);
const MONTH = "2026-11";
const HOUR = 3_600_000;

let counter = 0;
/** A fresh App id (the tests share one store). */
const nextAppId = () => `app_contract_${++counter}_${Math.random().toString(36).slice(2, 8)}`;

function appRecord(id: string, overrides: Partial<AppRecord> = {}): AppRecord {
  return { id, name: `App ${id}`, env: "test", capabilities: ["bazi", "liuyao", "healing"], rpm: 60, concurrency: 4, monthlyQuota: 1000, status: "active", createdAt: T0, updatedAt: T0, ...overrides };
}

function keyRecord(appId: string, id: string, overrides: Partial<KeyRecord> = {}): KeyRecord {
  return { id, appId, name: null, digest: `${id}-digest`.padEnd(64, "0"), hint: "ap_test_…0000", createdAt: T0, expiresAt: null, revokedAt: null, lastUsedAt: null, ...overrides };
}

/** A Subject id of `kind` whose time part orders it (ids begin with their creation time). */
const subjectId = (kind: SubjectKind, n: number) => `${SUBJECTS[kind].prefix}_${String(n).padStart(12, "0")}contract`;

export function describeStorageContract(backend: string, open: () => Promise<OpenedStore>): void {
  describe(`the Storage contract on ${backend}`, () => {
    let opened: OpenedStore;
    let store: Storage;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened?.close();
    });

    const newApp = async (overrides: Partial<AppRecord> = {}) => {
      const app = appRecord(nextAppId(), overrides);
      await store.apps.insert(app);
      return app;
    };
    const claim = (appId: string, key: string, overrides: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
      appId,
      key,
      fingerprint: `fp-${key}`,
      requestId: `req_${key}_${Math.random().toString(36).slice(2, 8)}`,
      now: T0,
      ttlMs: 24 * HOUR,
      lockMs: 30_000,
      ...overrides,
    });

    test("Apps: insert, get, update (only the fields given), count and list in creation order; a missing App reads as null", async () => {
      const before = await store.apps.count();
      const first = await newApp({ createdAt: T0 });
      const second = await newApp({ createdAt: T0 + 1, name: "灵枢 \"quoted\"" });
      expect(await store.apps.get(second.id)).toEqual(second);
      expect(await store.apps.count()).toBe(before + 2);
      const ids = (await store.apps.list()).map((a) => a.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      const updated = await store.apps.update(first.id, { rpm: 240, capabilities: ["bazi"], status: "suspended" }, T0 + 9);
      expect(updated).toEqual({ ...first, rpm: 240, capabilities: ["bazi"], status: "suspended", updatedAt: T0 + 9 });
      expect(await store.apps.get("app_missing")).toBeNull();
      expect(await store.apps.update("app_missing", { rpm: 1 }, T0)).toBeNull();
    });

    test("keys: found by digest with their App; a revocation, an App change and an expiry are seen by the next lookup", async () => {
      const app = await newApp();
      const key = keyRecord(app.id, `key_${app.id}`);
      await store.keys.insert(key);
      expect(await store.keys.findByDigest(key.digest)).toEqual({ key, app });
      expect(await store.keys.findByDigest("f".repeat(64))).toBeNull();
      // A cached caller must not outlive a change.
      await store.apps.update(app.id, { status: "suspended" }, T0 + 1);
      expect((await store.keys.findByDigest(key.digest))?.app.status).toBe("suspended");
      expect((await store.keys.expire(key.id, T0 + HOUR))?.expiresAt).toBe(T0 + HOUR);
      // An expiry later than the one set is ignored; an earlier one wins.
      expect((await store.keys.expire(key.id, T0 + 2 * HOUR))?.expiresAt).toBe(T0 + HOUR);
      expect((await store.keys.expire(key.id, T0 + 60_000))?.expiresAt).toBe(T0 + 60_000);
      expect((await store.keys.findByDigest(key.digest))?.key.expiresAt).toBe(T0 + 60_000);
      const revoked = await store.keys.revoke(key.id, T0 + 5);
      expect(revoked?.revokedAt).toBe(T0 + 5);
      // Revoking again keeps the first time; a revoked key takes no expiry.
      expect((await store.keys.revoke(key.id, T0 + 50))?.revokedAt).toBe(T0 + 5);
      expect((await store.keys.expire(key.id, T0 + 1))?.expiresAt).toBe(T0 + 60_000);
      expect((await store.keys.findByDigest(key.digest))?.key.revokedAt).toBe(T0 + 5);
      await store.keys.touch(key.id, T0 + 7);
      expect((await store.keys.get(key.id))?.lastUsedAt).toBe(T0 + 7);
      expect(await store.keys.get("key_missing")).toBeNull();
      expect(await store.keys.revoke("key_missing", T0)).toBeNull();
    });

    test("keys: listed per App in creation order", async () => {
      const app = await newApp();
      const other = await newApp();
      await store.keys.insert(keyRecord(app.id, `key_b_${app.id}`, { createdAt: T0 + 2 }));
      await store.keys.insert(keyRecord(app.id, `key_a_${app.id}`, { createdAt: T0 + 1, name: "first" }));
      await store.keys.insert(keyRecord(other.id, `key_c_${other.id}`));
      expect((await store.keys.list(app.id)).map((k) => k.id)).toEqual([`key_a_${app.id}`, `key_b_${app.id}`]);
    });

    test("idempotency: one claim holds a key; its completion is what a later claim finds; another App's key is its own", async () => {
      const app = await newApp();
      const other = await newApp();
      const first = claim(app.id, "k1");
      expect(await store.idempotency.claim(first)).toEqual({ kind: "claimed" });
      const second = await store.idempotency.claim(claim(app.id, "k1"));
      expect(second.kind === "existing" && second.record).toMatchObject({ state: "in_progress", requestId: first.requestId });
      expect(await store.idempotency.claim(claim(other.id, "k1"))).toEqual({ kind: "claimed" });
      await store.idempotency.complete({ appId: app.id, key: "k1", requestId: first.requestId, status: 404, body: '{"error":{"code":"RESOURCE_NOT_FOUND"}}' });
      const replay = await store.idempotency.claim(claim(app.id, "k1", { now: T0 + HOUR }));
      expect(replay.kind === "existing" && replay.record).toMatchObject({ state: "completed", status: 404, body: '{"error":{"code":"RESOURCE_NOT_FOUND"}}', requestId: first.requestId, fingerprint: "fp-k1" });
      expect(await store.idempotency.get(app.id, "k1")).toMatchObject({ state: "completed", status: 404 });
      expect(await store.idempotency.get(app.id, "never")).toBeNull();
    });

    test("idempotency: a released claim, an abandoned one (its lock ran out, same request) and an expired answer are claimed again", async () => {
      const app = await newApp();
      const released = claim(app.id, "released");
      await store.idempotency.claim(released);
      await store.idempotency.release(app.id, "released", "req_someone_else");
      expect((await store.idempotency.claim(claim(app.id, "released"))).kind).toBe("existing");
      await store.idempotency.release(app.id, "released", released.requestId);
      expect(await store.idempotency.claim(claim(app.id, "released"))).toEqual({ kind: "claimed" });

      await store.idempotency.claim(claim(app.id, "hung"));
      // Another body under the key does not take over an abandoned claim; the same request does.
      expect((await store.idempotency.claim(claim(app.id, "hung", { now: T0 + 60_000, fingerprint: "fp-other" }))).kind).toBe("existing");
      const takeover = claim(app.id, "hung", { now: T0 + 60_000 });
      expect(await store.idempotency.claim(takeover)).toEqual({ kind: "claimed" });
      // The first request lost its claim: its completion is refused.
      await expect(store.idempotency.complete({ appId: app.id, key: "hung", requestId: "req_first", status: 200, body: "{}" })).rejects.toThrow();
      await store.idempotency.complete({ appId: app.id, key: "hung", requestId: takeover.requestId, status: 200, body: '{"ok":1}' });
      expect(await store.idempotency.get(app.id, "hung")).toMatchObject({ status: 200, body: '{"ok":1}', requestId: takeover.requestId });

      const answered = claim(app.id, "old", { ttlMs: HOUR });
      await store.idempotency.claim(answered);
      await store.idempotency.complete({ appId: app.id, key: "old", requestId: answered.requestId, status: 200, body: "{}" });
      expect(await store.idempotency.claim(claim(app.id, "old", { now: T0 + HOUR + 1 }))).toEqual({ kind: "claimed" });
    });

    test("idempotency: purging removes the answers whose time ran out, and only those", async () => {
      const app = await newApp();
      for (const [key, ttlMs] of [["short", HOUR], ["long", 48 * HOUR]] as const) {
        const c = claim(app.id, key, { ttlMs });
        await store.idempotency.claim(c);
        await store.idempotency.complete({ appId: app.id, key, requestId: c.requestId, status: 200, body: "{}" });
      }
      expect(await store.idempotency.purgeExpired(T0 + 2 * HOUR)).toBeGreaterThanOrEqual(1);
      expect(await store.idempotency.get(app.id, "short")).toBeNull();
      expect(await store.idempotency.get(app.id, "long")).not.toBeNull();
    });

    test.each(Object.keys(SUBJECTS) as SubjectKind[])("%s: stored with its answer by reference; read only in its App; its delete tombstones the answer", async (kind) => {
      const app = await newApp();
      const other = await newApp();
      const id = subjectId(kind, 1);
      const record = JSON.stringify({ id, object: kind, text: "中文 \u2028 \\ \"" });
      const c = claim(app.id, `create-${kind}`);
      await store.idempotency.claim(c);
      await store.subjects[kind].insert({ id, appId: app.id, endUserId: "eu-1", createdAt: T0, record }, { appId: app.id, key: c.key, requestId: c.requestId, status: 201, body: record, resourceId: id });
      expect(await store.subjects[kind].get(app.id, id)).toBe(record);
      expect(await store.subjects[kind].get(other.id, id)).toBeNull();
      expect(await store.idempotency.storedRecord(app.id, id)).toBe(record);
      expect(await store.idempotency.storedRecord(other.id, id)).toBeNull();
      expect(await store.idempotency.get(app.id, c.key)).toMatchObject({ status: 201, body: null, resourceId: id });

      expect(await store.subjects[kind].delete(other.id, id)).toBe(false);
      expect(await store.subjects[kind].delete(app.id, id)).toBe(true);
      expect(await store.subjects[kind].get(app.id, id)).toBeNull();
      expect(await store.subjects[kind].delete(app.id, id)).toBe(false);
      // The creating key now answers that the resource was deleted, and keeps nothing of it.
      const tombstone = await store.idempotency.get(app.id, c.key);
      expect(tombstone).toMatchObject({ status: 404, resourceId: null });
      expect(tombstone?.body).not.toContain("中文");
    });

    test("Subjects: a page is newest first, with has_more, cursors and the end user filter", async () => {
      const app = await newApp();
      for (let n = 1; n <= 5; n++) {
        await store.subjects.chart.insert({ id: subjectId("chart", n), appId: app.id, endUserId: n % 2 ? "odd" : "even", createdAt: T0 + n, record: `{"n":${n}}` });
      }
      const query = { limit: 2, startingAfter: null, endingBefore: null, endUserId: null, createdGte: null, createdLt: null };
      expect(await store.subjects.chart.list(app.id, query)).toEqual({ records: ['{"n":5}', '{"n":4}'], hasMore: true });
      expect(await store.subjects.chart.list(app.id, { ...query, startingAfter: subjectId("chart", 2) })).toEqual({ records: ['{"n":1}'], hasMore: false });
      expect(await store.subjects.chart.list(app.id, { ...query, endingBefore: subjectId("chart", 2) })).toEqual({ records: ['{"n":4}', '{"n":3}'], hasMore: true });
      expect(await store.subjects.chart.list(app.id, { ...query, limit: 10, endUserId: "even" })).toEqual({ records: ['{"n":4}', '{"n":2}'], hasMore: false });
      expect(await store.subjects.chart.list(app.id, { ...query, limit: 10, createdGte: T0 + 2, createdLt: T0 + 4 })).toEqual({ records: ['{"n":3}', '{"n":2}'], hasMore: false });
    });

    test("usage: request counts add up per App and month; billing units stop at the quota and nothing is written past it", async () => {
      const app = await newApp();
      expect(await store.usage.get(app.id, MONTH)).toEqual({ appId: app.id, month: MONTH, billingUnits: 0, requests: 0 });
      await store.usage.addRequests(new Map([[app.id, 3]]), MONTH);
      await store.usage.addRequests(new Map([[app.id, 2]]), MONTH);
      const chart = subjectId("chart", 7);
      await store.subjects.chart.insert({ id: chart, appId: app.id, endUserId: null, createdAt: T0, record: "{}" });
      const response = (n: number) => ({ id: `resp_${String(n).padStart(12, "0")}contract`, appId: app.id, capability: "bazi" as const, subjectId: chart, previousResponseId: null, createdAt: T0 + n, summary: "", record: `{"r":${n}}` });
      await store.responses.insert(response(1), { month: MONTH, units: 1, quota: 2 });
      await store.responses.insert(response(2), { month: MONTH, units: 1, quota: 2 });
      await expect(store.responses.insert(response(3), { month: MONTH, units: 1, quota: 2 })).rejects.toBeInstanceOf(MonthlyQuotaExhausted);
      expect(await store.responses.get(app.id, response(3).id)).toBeNull();
      expect(await store.usage.get(app.id, MONTH)).toEqual({ appId: app.id, month: MONTH, billingUnits: 2, requests: 5 });
      expect(await store.usage.get(app.id, "2026-12")).toEqual({ appId: app.id, month: "2026-12", billingUnits: 0, requests: 0 });
    });

    test("Responses: one on a Subject deleted meanwhile is refused and nothing is written", async () => {
      const app = await newApp();
      const row = { id: "resp_000000000001orphan", appId: app.id, capability: "bazi" as const, subjectId: subjectId("chart", 99), previousResponseId: null, createdAt: T0, summary: "", record: "{}" };
      await expect(store.responses.insert(row, { month: MONTH, units: 1 })).rejects.toBeInstanceOf(DeletedMeanwhile);
      expect(await store.usage.get(app.id, MONTH)).toMatchObject({ billingUnits: 0 });
    });

    test("erasing an end user removes their Subjects and what hangs on them, in their App only, with the erasure's own answer", async () => {
      const app = await newApp();
      const other = await newApp();
      for (const [owner, n] of [[app.id, 1], [app.id, 2], [other.id, 3]] as const) {
        await store.subjects.cast.insert({ id: subjectId("cast", n), appId: owner, endUserId: "gone", createdAt: T0 + n, record: `{"n":${n}}` });
      }
      await store.subjects.cast.insert({ id: subjectId("cast", 4), appId: app.id, endUserId: "stays", createdAt: T0 + 4, record: "{}" });
      await store.responses.insert({ id: "resp_000000000001erase", appId: app.id, capability: "liuyao", subjectId: subjectId("cast", 1), previousResponseId: null, createdAt: T0, summary: "", record: "{}" }, { month: MONTH, units: 1 });
      const c = claim(app.id, "erase");
      await store.idempotency.claim(c);
      const counts = await store.eraseEndUser(app.id, "gone", (erased) => ({ appId: app.id, key: c.key, requestId: c.requestId, status: 200, body: JSON.stringify(erased) }));
      expect(counts).toEqual({ charts: 0, casts: 2, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 1, feedback: 0 });
      expect(await store.subjects.cast.get(app.id, subjectId("cast", 1))).toBeNull();
      expect(await store.subjects.cast.get(app.id, subjectId("cast", 4))).toBe("{}");
      expect(await store.subjects.cast.get(other.id, subjectId("cast", 3))).toBe('{"n":3}');
      expect(await store.idempotency.get(app.id, "erase")).toMatchObject({ status: 200, body: JSON.stringify(counts) });
    });

    test("deleting an App removes every row it owns and stops its keys; another App is untouched", async () => {
      const app = await newApp();
      const other = await newApp();
      const key = keyRecord(app.id, `key_${app.id}`);
      await store.keys.insert(key);
      await store.keys.insert(keyRecord(other.id, `key_${other.id}`));
      await store.subjects.plan.insert({ id: subjectId("plan", 1), appId: app.id, endUserId: null, createdAt: T0, record: "{}" });
      await store.usage.addRequests(new Map([[app.id, 1]]), MONTH);
      expect(await store.keys.findByDigest(key.digest)).not.toBeNull();
      const counts = await store.apps.delete(app.id);
      expect(counts).toMatchObject({ api_keys: 1, plans: 1, usage_months: 1, charts: 0 });
      expect(counts).not.toHaveProperty("apps");
      expect(await store.apps.get(app.id)).toBeNull();
      expect(await store.keys.findByDigest(key.digest)).toBeNull();
      expect(await store.keys.list(other.id)).toHaveLength(1);
      expect(await store.apps.delete(app.id)).toBeNull();
    });

    test("database facts: the first value stays; `replace` changes it", async () => {
      const name = `contract_fact_${Math.random().toString(36).slice(2, 8)}`;
      expect(await store.claimFact(name, "first", T0)).toBe("first");
      expect(await store.claimFact(name, "second", T0 + 1)).toBe("first");
      expect(await store.claimFact(name, "third", T0 + 2, true)).toBe("third");
      expect(await store.claimFact(name, "fourth", T0 + 3)).toBe("third");
    });

    test("readiness: migrated, answering and writable", async () => {
      expect(await store.isReady()).toBe(true);
      expect((await store.appliedMigrations()).length).toBeGreaterThan(0);
      expect(await store.migrate()).toEqual([]);
    });
  });
}

/**
 * The same inputs give the same records on both backends: every read of the
 * Storage contract returns identical values (same keys, same order, same types),
 * and the same HTTP request (fixed clock) stores and answers the same bytes on
 * SQLite and on PostgreSQL, up to the random part of the ids.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import { openSqliteStore, type SqliteStore } from "../../src/db/sqlite/store.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import type { Storage } from "../../src/db/storage.ts";
import type { AppRecord, KeyRecord } from "../../src/db/types.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/platform/request-log.ts";
import { Operator } from "../../src/cli/operator.ts";
import { digestKey } from "../../src/platform/keys.ts";

const T0 = Date.UTC(2026, 6, 4, 10, 30);
const MONTH = "2026-07";

/** Writes one of everything through the contract, with fixed ids and times. */
async function writeEverything(store: Storage): Promise<void> {
  const app: AppRecord = { id: "app_parity", name: "Parity 灵枢 \"quoted\"", env: "live", capabilities: ["bazi", "healing"], rpm: 120, concurrency: 7, monthlyQuota: 9_007_199_254_740, status: "active", createdAt: T0, updatedAt: T0 };
  await store.apps.insert(app);
  await store.apps.insert({ ...app, id: "app_parity2", name: "second", createdAt: T0 });
  const key: KeyRecord = { id: "key_parity", appId: app.id, name: null, digest: "d".repeat(64), hint: "ap_live_…abcd", createdAt: T0, expiresAt: T0 + 1000, revokedAt: null, lastUsedAt: null };
  await store.keys.insert(key);
  await store.keys.insert({ ...key, id: "key_parity2", name: "named", digest: "e".repeat(64), expiresAt: null });
  await store.keys.revoke("key_parity2", T0 + 5);
  await store.keys.touch("key_parity", T0 + 7);
  await store.apps.update("app_parity", { rpm: 240, capabilities: ["bazi", "liuyao", "healing"] }, T0 + 9);

  const claim = async (k: string) => {
    await store.idempotency.claim({ appId: app.id, key: k, fingerprint: `fp-${k}`, requestId: `req_${k}`, now: T0, ttlMs: 3_600_000, lockMs: 30_000 });
    return { appId: app.id, key: k, requestId: `req_${k}` };
  };
  const chartRecord = JSON.stringify({ id: "bzc_parity", object: "bazi_chart", note: "中文 \u2028 \\ \"" });
  await store.subjects.chart.insert({ id: "bzc_parity", appId: app.id, endUserId: "eu", createdAt: T0, record: chartRecord }, { ...(await claim("chart")), status: 201, body: chartRecord, resourceId: "bzc_parity" });
  await store.subjects.plan.insert({ id: "hpl_parity", appId: app.id, endUserId: null, createdAt: T0, record: '{"id":"hpl_parity"}' });
  await store.sessions.insertSession(
    { id: "hsn_parity", appId: app.id, planId: "hpl_parity", endUserId: null, state: "created", elapsedSeconds: 0, createdAt: T0, updatedAt: T0, record: '{"id":"hsn_parity"}' },
    { ...(await claim("session")), status: 201, body: '{"session":true}' },
  );
  await store.sessions.appendEvent({ appId: app.id, sessionId: "hsn_parity", seq: 1, clientEventId: "c1", record: '{"e":1}', state: "playing", elapsedSeconds: 12, updatedAt: T0 + 1 });
  await store.sessions.appendEvent({ appId: app.id, sessionId: "hsn_parity", seq: 2, clientEventId: "c2", record: '{"e":2}', state: "paused", elapsedSeconds: 30, updatedAt: T0 + 2 });
  await store.sessions.insertCheckout({ sessionId: "hsn_parity", appId: app.id, createdAt: T0 + 3, record: '{"checkout":1}' });
  await store.responses.insert(
    { id: "resp_parity", appId: app.id, capability: "bazi", subjectId: "bzc_parity", previousResponseId: null, createdAt: T0, summary: "sum", record: '{"r":1}' },
    { month: MONTH, units: 1, quota: 10 },
    { ...(await claim("response")), status: 201, body: '{"r":1}' },
  );
  await store.responses.insertFeedback({ id: "fb_parity", appId: app.id, responseId: "resp_parity", createdAt: T0, record: '{"f":1}' });
  await store.idempotency.complete({ ...(await claim("missing")), status: 404, body: '{"error":{}}' });
  await claim("running");
  await store.usage.addRequests(new Map([[app.id, 5]]), MONTH);
}

/** Every read of the contract, as JSON text (so key order and number types count). */
async function readEverything(store: Storage): Promise<Record<string, string>> {
  const reads: Record<string, unknown> = {
    app: await store.apps.get("app_parity"),
    apps: await store.apps.list(),
    count: await store.apps.count(),
    keys: await store.keys.list("app_parity"),
    key: await store.keys.get("key_parity2"),
    caller: await store.keys.findByDigest("d".repeat(64)),
    noCaller: await store.keys.findByDigest("0".repeat(64)),
    chart: await store.subjects.chart.get("app_parity", "bzc_parity"),
    chartOtherApp: await store.subjects.chart.get("app_parity2", "bzc_parity"),
    stored: await store.idempotency.storedRecord("app_parity", "bzc_parity"),
    session: await store.sessions.getSession("app_parity", "hsn_parity"),
    response: await store.responses.get("app_parity", "resp_parity"),
    usage: await store.usage.get("app_parity", MONTH),
    noUsage: await store.usage.get("app_parity", "1999-01"),
    migrations: (await store.appliedMigrations()).length > 0,
  };
  for (const k of ["chart", "session", "response", "missing", "running"]) reads[`idem_${k}`] = await store.idempotency.get("app_parity", k);
  return Object.fromEntries(Object.entries(reads).map(([k, v]) => [k, JSON.stringify(v)]));
}

describePostgres("SQLite and PostgreSQL store identical records", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  let pg: PostgresStore;
  let sqlite: SqliteStore;
  let dir: string;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("parity", 1);
    pg = env.stores[0]!;
    dir = mkdtempSync(join(tmpdir(), "lingshu-parity-"));
    sqlite = openSqliteStore(join(dir, "p.sqlite"));
  });
  afterAll(async () => {
    await sqlite?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await env?.close();
  });

  test("every read of the Storage contract returns the same JSON", async () => {
    await writeEverything(sqlite);
    await writeEverything(pg);
    const [a, b] = [await readEverything(sqlite), await readEverything(pg)];
    expect(b).toEqual(a);
    // Sanity: the reads saw the data.
    expect(JSON.parse(a.session!).events).toEqual(['{"e":1}', '{"e":2}']);
    expect(JSON.parse(a.usage!)).toEqual({ appId: "app_parity", month: MONTH, billingUnits: 1, requests: 5 });
  });

  test("the same chart request (fixed clock) stores and answers the same bytes on both backends", async () => {
    const answers: string[] = [];
    for (const store of [sqlite, pg] as Storage[]) {
      const config = loadConfig({ LOG_LEVEL: "silent" });
      const app = createApp({ config, store, logger: createLogger("silent"), clock: () => T0 });
      const operator = new Operator(store, config.keyPepper);
      const tenant = await operator.createApp({ name: "chart parity", env: "test", capabilities: ["bazi"], rpm: 100, concurrency: 10, monthlyQuota: 100 });
      const { key } = await operator.createKey(tenant.id, "k", null);
      const res = await app.handle(
        new Request("http://x/v1/bazi/charts", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "parity" },
          body: JSON.stringify({ birth: { year: 1990, month: 5, day: 17, hour: 8, minute: 30, gender: "女" }, end_user_id: "eu-1" }),
        }),
      );
      expect(res.status).toBe(201);
      const text = await res.text();
      const id = JSON.parse(text).id as string;
      expect(await store.subjects.chart.get(tenant.id, id)).toBe(text);
      // The key resolves to the same caller on both.
      expect((await store.keys.findByDigest(digestKey(key, config.keyPepper)))?.app.id).toBe(tenant.id);
      answers.push(text.replaceAll(id, "bzc_ID").replaceAll(tenant.id, "app_ID"));
    }
    expect(answers[1]).toBe(answers[0]!);
  });
});

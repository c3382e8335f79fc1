/**
 * The monthly quota holds where the billing unit is written: ResponseStore.insert
 * with `billing.quota` adds the units only within it, else throws
 * MonthlyQuotaExhausted and stores nothing. On PostgreSQL that holds across
 * instances racing for the last units; SQLite refuses the same way. Without a
 * quota (a crisis escalation's safety text) the unit always counts.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, onFreshSqliteStore, storesOnFreshDatabase } from "./helpers.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { MonthlyQuotaExhausted, type IdempotencyCompletion } from "../../src/db/types.ts";
import type { ResponseRow, Storage } from "../../src/db/storage.ts";
import { newId } from "../../src/ids.ts";
import { toApiError } from "../../src/platform/pipeline.ts";
import { createLogger } from "../../src/platform/request-log.ts";

const MONTH = "2026-04";
const T0 = Date.UTC(2026, 3, 30, 23, 0);

function response(appId: string): ResponseRow {
  const id = newId("response");
  return { id, appId, capability: "bazi", subjectId: subjectOf(appId), previousResponseId: null, createdAt: T0, summary: "s", record: JSON.stringify({ id }) };
}

/** The chart every Response of `appId` here is about; a Response needs its Subject to exist. */
const subjectOf = (appId: string) => `bzc_${appId}`;
async function insertSubject(store: Storage, appId: string): Promise<void> {
  await store.subjects.chart.insert({ id: subjectOf(appId), appId, endUserId: null, createdAt: T0, record: "{}" });
}

async function claimed(store: Storage, appId: string): Promise<IdempotencyCompletion> {
  const key = `k-${Math.random()}`;
  const requestId = newId("request");
  await store.idempotency.claim({ appId, key, fingerprint: "f", requestId, now: T0, ttlMs: 86_400_000, lockMs: 30_000 });
  return { appId, key, requestId, status: 201, body: "{}" };
}

/** The same checks on any backend. */
async function refusesPastTheQuota(store: Storage, appId: string): Promise<void> {
  await insertSubject(store, appId);
  await store.responses.insert(response(appId), { month: MONTH, units: 1, quota: 2 });
  await store.responses.insert(response(appId), { month: MONTH, units: 1, quota: 2 });
  const refused = response(appId);
  const completion = await claimed(store, appId);
  const attempt = store.responses.insert(refused, { month: MONTH, units: 1, quota: 2 }, completion);
  await expect(attempt).rejects.toBeInstanceOf(MonthlyQuotaExhausted);
  // Nothing of the refused Response was stored: no row, no answer, no unit.
  expect(await store.responses.get(appId, refused.id)).toBeNull();
  expect((await store.idempotency.get(appId, completion.key))?.state ?? "released").not.toBe("completed");
  expect((await store.usage.get(appId, MONTH)).billingUnits).toBe(2);
  // A crisis escalation passes no quota: still counted.
  await store.responses.insert(response(appId), { month: MONTH, units: 1 });
  expect((await store.usage.get(appId, MONTH)).billingUnits).toBe(3);
  // Units that alone exceed the quota are refused on a fresh month too.
  await expect(store.responses.insert(response(appId), { month: "2026-05", units: 3, quota: 2 })).rejects.toBeInstanceOf(MonthlyQuotaExhausted);
  expect((await store.usage.get(appId, "2026-05")).billingUnits).toBe(0);
}

test("SQLite: billing units past the quota are refused with MonthlyQuotaExhausted, and nothing is stored", async () => {
  await onFreshSqliteStore("quota", (store) => refusesPastTheQuota(store, "app_sqlite"));
});

test("MonthlyQuotaExhausted answers 429 MONTHLY_QUOTA_EXCEEDED, retryable at the next UTC month", () => {
  const error = toApiError(new MonthlyQuotaExhausted("app_x", MONTH, 7), createLogger("silent"), "req_x", T0);
  expect(error.code).toBe("MONTHLY_QUOTA_EXCEEDED");
  expect(error.status).toBe(429);
  expect(error.toBody("req_x").error).toMatchObject({ retry_after_ms: Date.UTC(2026, 4, 1) - T0 });
  expect(error.message).toContain("7 billing units");
});

describePostgres("PostgreSQL monthly quota", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  let a: PostgresStore;
  let b: PostgresStore;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("quota", 2);
    [a, b] = env.stores as [PostgresStore, PostgresStore];
  });
  afterAll(() => env?.close());

  test("billing units past the quota are refused with MonthlyQuotaExhausted, and nothing is stored", async () => {
    await refusesPastTheQuota(a, "app_pg");
  });

  test("two instances racing for the last units: exactly the quota is spent, every other Response is refused and rolled back", async () => {
    const appId = "app_race";
    const quota = 25;
    await insertSubject(a, appId);
    const attempts = Array.from({ length: 60 }, (_, i) => {
      const store = i % 2 === 0 ? a : b;
      const row = response(appId);
      return store.responses.insert(row, { month: MONTH, units: 1, quota }).then(
        () => ({ ok: true, id: row.id }),
        (err) => {
          expect(err).toBeInstanceOf(MonthlyQuotaExhausted);
          return { ok: false, id: row.id };
        },
      );
    });
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.ok)).toHaveLength(quota);
    expect((await b.usage.get(appId, MONTH)).billingUnits).toBe(quota);
    const [stored] = await a.sql`SELECT count(*)::int AS n FROM responses WHERE app_id = ${appId}`;
    expect(stored.n).toBe(quota);
    // Crisis answers still count past it, from either instance.
    await Promise.all([a, b].map((s) => s.responses.insert(response(appId), { month: MONTH, units: 1 })));
    expect((await a.usage.get(appId, MONTH)).billingUnits).toBe(quota + 2);
  });

  test("request counts from two instances add up", async () => {
    await Promise.all([
      a.usage.addRequests(new Map([["app_r1", 3], ["app_r2", 4]]), MONTH),
      b.usage.addRequests(new Map([["app_r2", 5], ["app_r1", 6]]), MONTH),
    ]);
    expect(await a.usage.get("app_r1", MONTH)).toEqual({ appId: "app_r1", month: MONTH, billingUnits: 0, requests: 9 });
    expect((await b.usage.get("app_r2", MONTH)).requests).toBe(9);
  });
});

/**
 * Idempotency claims on PostgreSQL: rows every instance sees. Claim, complete,
 * release and take-over semantics match the SQLite backend; a completion whose
 * claim was taken over throws IdempotencyClaimLost and rolls its write back;
 * concurrent identical claims from two instances (two pools) leave exactly one
 * winner. A claim left to the write (a Subject's creation) writes no row until the write, which
 * stores the answer with the chart in one statement, or finds the key taken and writes nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { IdempotencyClaimLost, IdempotencyKeyTaken, type IdempotencyClaim } from "../../src/db/types.ts";
import { newId } from "../../src/ids.ts";

let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
let a: PostgresStore;
let b: PostgresStore;
const T0 = Date.UTC(2026, 0, 10, 12);

describePostgres("PostgreSQL idempotency claims", () => {
  beforeAll(async () => {
    env = await storesOnFreshDatabase("idem", 2);
    [a, b] = env.stores as [PostgresStore, PostgresStore];
  });
  afterAll(() => env?.close());

  const claim = (key: string, over: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
    appId: "app_1",
    key,
    fingerprint: "fp",
    requestId: newId("request"),
    now: T0,
    ttlMs: 86_400_000,
    lockMs: 30_000,
    ...over,
  });

  test("a claim is a row: a second claim sees it in progress; completing stores the answer", async () => {
    const c = claim("k1");
    expect(await a.idempotency.claim(c)).toEqual({ kind: "claimed" });
    const second = await b.idempotency.claim(claim("k1"));
    expect(second.kind).toBe("existing");
    if (second.kind === "existing") {
      expect(second.record.state).toBe("in_progress");
      expect(second.record.requestId).toBe(c.requestId);
      expect(second.record.lockedUntil).toBe(T0 + 30_000);
    }
    await a.idempotency.complete({ appId: "app_1", key: "k1", requestId: c.requestId, status: 200, body: '{"ok":true}' });
    const replay = await b.idempotency.claim(claim("k1"));
    expect(replay.kind).toBe("existing");
    if (replay.kind === "existing") {
      expect(replay.record).toEqual({
        appId: "app_1",
        key: "k1",
        fingerprint: "fp",
        state: "completed",
        status: 200,
        body: '{"ok":true}',
        requestId: c.requestId,
        createdAt: T0,
        expiresAt: T0 + 86_400_000,
        lockedUntil: T0 + 30_000,
        resourceId: null,
      });
    }
  });

  test("release forgets only this request's in-progress claim; the key can be claimed again", async () => {
    const c = claim("k2");
    await a.idempotency.claim(c);
    await b.idempotency.release("app_1", "k2", "req_someone_else");
    expect((await a.idempotency.get("app_1", "k2"))?.requestId).toBe(c.requestId);
    await b.idempotency.release("app_1", "k2", c.requestId);
    expect(await a.idempotency.get("app_1", "k2")).toBeNull();
    expect(await b.idempotency.claim(claim("k2"))).toEqual({ kind: "claimed" });
  });

  test("an abandoned claim (lock ran out) is taken over by the same request only; its late completion is refused and rolled back", async () => {
    const first = claim("k3");
    await a.idempotency.claim(first);
    // Another body under the same key: never a take-over.
    expect((await b.idempotency.claim(claim("k3", { fingerprint: "other", now: T0 + 31_000 }))).kind).toBe("existing");
    // Still locked: in progress.
    expect((await b.idempotency.claim(claim("k3", { now: T0 + 29_000 }))).kind).toBe("existing");
    const retry = claim("k3", { now: T0 + 30_000 });
    expect(await b.idempotency.claim(retry)).toEqual({ kind: "claimed" });
    // The first request finally commits: its chart must not land, its answer must not be stored.
    const chart = { id: newId("chart"), appId: "app_1", endUserId: null, createdAt: T0, record: '{"late":true}' };
    const late = a.subjects.chart.insert(chart, { appId: "app_1", key: "k3", requestId: first.requestId, status: 201, body: chart.record, resourceId: chart.id });
    await expect(late).rejects.toBeInstanceOf(IdempotencyClaimLost);
    expect(await a.subjects.chart.get("app_1", chart.id)).toBeNull();
    expect((await a.idempotency.get("app_1", "k3"))?.requestId).toBe(retry.requestId);
    // The retry's completion lands.
    const chart2 = { ...chart, id: newId("chart"), record: '{"retry":true}' };
    await b.subjects.chart.insert(chart2, { appId: "app_1", key: "k3", requestId: retry.requestId, status: 201, body: chart2.record, resourceId: chart2.id });
    const stored = await a.idempotency.get("app_1", "k3");
    expect(stored).toMatchObject({ state: "completed", status: 201, body: null, resourceId: chart2.id });
    expect(await a.idempotency.storedRecord("app_1", chart2.id)).toBe('{"retry":true}');
  });

  test("a Response whose claim was taken over is refused whole: no Response, no billing unit, the retry's claim untouched", async () => {
    const chart = { id: newId("chart"), appId: "app_1", endUserId: null, createdAt: T0, record: "{}" };
    await a.subjects.chart.insert(chart);
    const first = claim("k6");
    await a.idempotency.claim(first);
    const retry = claim("k6", { now: T0 + 30_000 });
    expect(await b.idempotency.claim(retry)).toEqual({ kind: "claimed" });
    const late = { id: newId("response"), appId: "app_1", capability: "bazi" as const, subjectId: chart.id, previousResponseId: null, createdAt: T0, summary: "s", record: "{}" };
    const month = "2026-01";
    const attempt = a.responses.insert(late, { month, units: 1, quota: 10 }, { appId: "app_1", key: "k6", requestId: first.requestId, status: 201, body: "{}" });
    await expect(attempt).rejects.toBeInstanceOf(IdempotencyClaimLost);
    expect(await a.responses.get("app_1", late.id)).toBeNull();
    expect((await a.usage.get("app_1", month)).billingUnits).toBe(0);
    expect(await a.idempotency.get("app_1", "k6")).toMatchObject({ state: "in_progress", requestId: retry.requestId });
  });

  test("an expired record is taken over by any request; a live one is not", async () => {
    const c = claim("k4", { ttlMs: 1000 });
    await a.idempotency.claim(c);
    await a.idempotency.complete({ appId: "app_1", key: "k4", requestId: c.requestId, status: 404, body: "{}" });
    expect((await b.idempotency.claim(claim("k4", { fingerprint: "new", now: T0 + 999 }))).kind).toBe("existing");
    expect(await b.idempotency.claim(claim("k4", { fingerprint: "new", now: T0 + 1000 }))).toEqual({ kind: "claimed" });
  });

  test("purge removes expired records and claims whose lock ran out", async () => {
    const stale = claim("k5");
    await a.idempotency.claim(stale);
    expect(await a.idempotency.purgeExpired(T0 + 29_999)).toBe(0);
    expect(await b.idempotency.purgeExpired(T0 + 86_400_001)).toBeGreaterThanOrEqual(1);
    expect(await a.idempotency.get("app_1", "k5")).toBeNull();
    // Its request can no longer store an answer.
    await expect(a.idempotency.complete({ appId: "app_1", key: "k5", requestId: stale.requestId, status: 200, body: "{}" })).rejects.toBeInstanceOf(IdempotencyClaimLost);
  });

  test("20 concurrent identical claims from two instances: exactly one is claimed, the others see its claim", async () => {
    for (let round = 0; round < 5; round++) {
      const key = `burst-${round}`;
      const claims = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).idempotency.claim(claim(key)));
      const results = await Promise.all(claims);
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      const holders = new Set(results.flatMap((r) => (r.kind === "existing" ? [r.record.requestId] : [])));
      expect(holders.size).toBe(1);
    }
  });

  test("20 concurrent take-overs of one abandoned claim from two instances: exactly one wins", async () => {
    await a.idempotency.claim(claim("abandoned"));
    const later = T0 + 60_000;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).idempotency.claim(claim("abandoned", { now: later }))));
    expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
  });

  const chartOf = (record: string) => ({ id: newId("chart"), appId: "app_1", endUserId: null, createdAt: T0, record });
  const createdAnswer = (key: string, requestId: string, chart: { id: string; record: string }) => ({ appId: "app_1", key, requestId, status: 201, body: chart.record, resourceId: chart.id });

  test("a claim left to the write writes no row; the write stores the chart and the answer together, with the claim's times", async () => {
    const c = claim("w1", { inWrite: true });
    expect(await a.idempotency.claim(c)).toEqual({ kind: "claimed", inWrite: true });
    expect(await b.idempotency.get("app_1", "w1")).toBeNull();
    const chart = chartOf('{"w":1}');
    await a.subjects.chart.insert(chart, createdAnswer("w1", c.requestId, chart));
    expect(await b.idempotency.get("app_1", "w1")).toEqual({
      appId: "app_1",
      key: "w1",
      fingerprint: "fp",
      state: "completed",
      status: 201,
      body: null,
      requestId: c.requestId,
      createdAt: T0,
      expiresAt: T0 + 86_400_000,
      lockedUntil: T0 + 30_000,
      resourceId: chart.id,
    });
    expect(await b.idempotency.storedRecord("app_1", chart.id)).toBe('{"w":1}');
  });

  test("a write whose key was stored meanwhile by another instance writes nothing and throws IdempotencyKeyTaken; its claim is gone", async () => {
    const mine = claim("w2", { inWrite: true });
    const theirs = claim("w2", { inWrite: true });
    await a.idempotency.claim(mine);
    await b.idempotency.claim(theirs);
    const first = chartOf('{"first":true}');
    await b.subjects.chart.insert(first, createdAnswer("w2", theirs.requestId, first));
    const second = chartOf('{"second":true}');
    await expect(a.subjects.chart.insert(second, createdAnswer("w2", mine.requestId, second))).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    expect(await a.subjects.chart.get("app_1", second.id)).toBeNull();
    expect(await a.idempotency.get("app_1", "w2")).toMatchObject({ requestId: theirs.requestId, resourceId: first.id });
    // The claim was forgotten with the refusal: a completion with it now finds no claim at all.
    await expect(a.idempotency.complete({ appId: "app_1", key: "w2", requestId: mine.requestId, status: 400, body: "{}" })).rejects.toBeInstanceOf(IdempotencyClaimLost);
  });

  test("a claim left to the write meets a claim in progress as taken; an answer with no business write (a refusal) is stored the same way", async () => {
    const running = claim("w3");
    await b.idempotency.claim(running);
    const late = claim("w3", { inWrite: true });
    await a.idempotency.claim(late);
    await expect(a.idempotency.complete({ appId: "app_1", key: "w3", requestId: late.requestId, status: 400, body: '{"error":1}' })).rejects.toBeInstanceOf(IdempotencyKeyTaken);
    expect(await a.idempotency.get("app_1", "w3")).toMatchObject({ state: "in_progress", requestId: running.requestId });
    const refused = claim("w4", { inWrite: true });
    await a.idempotency.claim(refused);
    await a.idempotency.complete({ appId: "app_1", key: "w4", requestId: refused.requestId, status: 400, body: '{"error":2}' });
    expect(await b.idempotency.get("app_1", "w4")).toMatchObject({ state: "completed", status: 400, body: '{"error":2}', resourceId: null });
  });

  test("a released or purged claim left to the write can no longer store anything", async () => {
    const released = claim("w5", { inWrite: true });
    await a.idempotency.claim(released);
    await a.idempotency.release("app_1", "w5", released.requestId);
    const chart = chartOf("{}");
    await expect(a.subjects.chart.insert(chart, createdAnswer("w5", released.requestId, chart))).rejects.toBeInstanceOf(IdempotencyClaimLost);
    const stale = claim("w6", { inWrite: true });
    await a.idempotency.claim(stale);
    await a.idempotency.purgeExpired(T0 + 30_000);
    await expect(a.idempotency.complete({ appId: "app_1", key: "w6", requestId: stale.requestId, status: 400, body: "{}" })).rejects.toBeInstanceOf(IdempotencyClaimLost);
    expect(await a.subjects.chart.get("app_1", chart.id)).toBeNull();
  });

  test("20 concurrent creations on one key from two instances, each claim left to its write: one chart, the other 19 writes find the key taken", async () => {
    const claims = Array.from({ length: 20 }, () => claim("w-burst", { inWrite: true }));
    const stores = claims.map((_, i) => (i % 2 === 0 ? a : b));
    await Promise.all(claims.map((c, i) => stores[i]!.idempotency.claim(c)));
    const charts = claims.map(() => chartOf("{}"));
    const writes = await Promise.allSettled(claims.map((c, i) => stores[i]!.subjects.chart.insert(charts[i]!, createdAnswer("w-burst", c.requestId, charts[i]!))));
    expect(writes.filter((w) => w.status === "fulfilled")).toHaveLength(1);
    for (const w of writes) if (w.status === "rejected") expect(w.reason).toBeInstanceOf(IdempotencyKeyTaken);
    const winner = charts[writes.findIndex((w) => w.status === "fulfilled")]!;
    expect(await a.idempotency.get("app_1", "w-burst")).toMatchObject({ resourceId: winner.id });
    const stored = await Promise.all(charts.map((ch) => a.subjects.chart.get("app_1", ch.id)));
    expect(stored.filter((r) => r !== null)).toHaveLength(1);
  });
});

/**
 * Request limits shared across instances (PostgreSQL): requests per minute and
 * requests in flight are counted once for all instances, with the same 429s,
 * retry hints and RateLimit state as the in-process limiter; a lease left by a
 * crashed instance stops counting once it expires. Taken in batches: a large App's
 * requests mostly cost no database call, neither limit is ever exceeded, an instance
 * refuses early by at most the spare another holds, and idle allowance goes back.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { PostgresSharedLimits, LEASE_MS, IDLE_RETURN_MS, spareSlotsOf, spareTokensOf } from "../../src/db/postgres/limits.ts";
import { LocalLimiter, SharedLimiter, type Acquired, type Limiter } from "../../src/platform/limits.ts";
import { ApiError } from "../../src/platform/errors.ts";
import type { AppRecord } from "../../src/db/types.ts";

const T0 = Date.UTC(2026, 5, 1, 9);
let appCounter = 0;
function app(over: Partial<AppRecord> = {}): AppRecord {
  appCounter += 1;
  return { id: `app_lim${appCounter}`, name: "x", env: "test", capabilities: ["bazi"], rpm: 60, concurrency: 100, monthlyQuota: 10, status: "active", createdAt: T0, updatedAt: T0, ...over };
}

/** acquire → the Acquired, or the ApiError it threw. */
async function attempt(limiter: Limiter, a: AppRecord, now: number): Promise<Acquired | ApiError> {
  try {
    return await limiter.acquire(a, now);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

describePostgres("PostgreSQL shared limits", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  let one: SharedLimiter;
  let two: SharedLimiter;
  let a: PostgresStore;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("limits", 2);
    a = env.stores[0]!;
    one = new SharedLimiter(env.stores[0]!.sharedLimits);
    two = new SharedLimiter(env.stores[1]!.sharedLimits);
  });
  afterAll(() => env?.close());

  test("the same answers as the in-process limiter, step by step (tokens, refill, RATE_LIMITED with its wait and headers)", async () => {
    const shared = app({ rpm: 3 });
    const local = new LocalLimiter();
    const steps = [0, 0, 0, 0, 5_000, 20_000, 20_000, 80_000];
    for (const dt of steps) {
      const [x, y] = [await attempt(one, shared, T0 + dt), await attempt(local, shared, T0 + dt)];
      if (x instanceof ApiError || y instanceof ApiError) {
        expect(x).toBeInstanceOf(ApiError);
        expect(y).toBeInstanceOf(ApiError);
        expect((x as ApiError).toBody("r")).toEqual((y as ApiError).toBody("r"));
        expect((x as ApiError).extras.headers).toEqual((y as ApiError).extras.headers);
        expect((x as ApiError).extras.headers).toBeDefined();
      } else {
        expect(x.rate).toEqual(y.rate);
        await x.release();
        await y.release();
      }
    }
  });

  test("requests per minute are counted once across two instances", async () => {
    const shared = app({ rpm: 30 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(i % 2 === 0 ? one : two, shared, T0)));
    const admitted = results.filter((r) => !(r instanceof ApiError)) as Acquired[];
    const refused = results.filter((r) => r instanceof ApiError) as ApiError[];
    expect(admitted).toHaveLength(30);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set(["RATE_LIMITED"]));
    expect(refused[0]!.toBody("r").error).toMatchObject({ retry_after_ms: 2000 });
    await Promise.all(admitted.map((r) => r.release()));
    // One token back after 2 s (30 per minute), on either instance.
    expect(await attempt(two, shared, T0 + 2_000)).not.toBeInstanceOf(ApiError);
    expect(await attempt(one, shared, T0 + 2_000)).toBeInstanceOf(ApiError);
  });

  test("requests in flight are counted once across two instances; a release frees the slot for the other instance", async () => {
    const shared = app({ rpm: 10_000, concurrency: 4 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i % 2 === 0 ? one : two, shared, T0)));
    const admitted = results.filter((r) => !(r instanceof ApiError)) as Acquired[];
    const refused = results.filter((r) => r instanceof ApiError) as ApiError[];
    expect(admitted).toHaveLength(4);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set(["CONCURRENCY_LIMITED"]));
    expect(refused[0]!.toBody("r").error).toMatchObject({ retry_after_ms: 250 });
    await admitted[0]!.release();
    await admitted[0]!.release(); // twice is once
    expect(await attempt(two, shared, T0 + 1)).not.toBeInstanceOf(ApiError);
    expect(await attempt(one, shared, T0 + 1)).toBeInstanceOf(ApiError);
    const [leases] = await a.sql`SELECT sum(slots)::int AS n FROM limit_leases WHERE app_id = ${shared.id}`;
    expect(leases.n).toBe(4);
  });

  test("the leases of a crashed instance stop counting once they expire", async () => {
    const shared = app({ rpm: 10_000, concurrency: 2 });
    // An instance takes both slots and dies without releasing (its renewals stop).
    const crashed = new PostgresSharedLimits(a.sql);
    expect((await crashed.acquire(shared.id, shared.rpm, shared.concurrency, T0)).kind).toBe("ok");
    expect((await crashed.acquire(shared.id, shared.rpm, shared.concurrency, T0)).kind).toBe("ok");
    crashed.stop();
    expect(await attempt(one, shared, T0 + LEASE_MS - 1)).toBeInstanceOf(ApiError);
    const afterExpiry = await attempt(two, shared, T0 + LEASE_MS);
    expect(afterExpiry).not.toBeInstanceOf(ApiError);
    // The stale lease was deleted; the live one remains, with its one slot.
    const [leases] = await a.sql`SELECT count(*)::int AS n, sum(slots)::int AS slots FROM limit_leases WHERE app_id = ${shared.id}`;
    expect(leases).toEqual({ n: 1, slots: 1 });
  });

  test("a live instance renews its leases, so a request longer than the lease keeps its slot", async () => {
    const shared = app({ rpm: 10_000, concurrency: 1 });
    const limits = new PostgresSharedLimits(a.sql);
    const held = await limits.acquire(shared.id, shared.rpm, shared.concurrency, T0);
    expect(held.kind).toBe("ok");
    await limits.renew();
    await limits.renew();
    await limits.renew();
    // Three renewals of 10 s: still held 30 s past its first expiry.
    expect((await limits.acquire(shared.id, shared.rpm, shared.concurrency, T0 + LEASE_MS + 29_000)).kind).toBe("concurrency");
    if (held.kind === "ok") await limits.release(held.leaseId);
    expect((await limits.acquire(shared.id, shared.rpm, shared.concurrency, T0 + LEASE_MS + 29_000)).kind).toBe("ok");
    limits.stop();
  });

  /** A third instance's limits whose statements are counted on the way to PostgreSQL. */
  function countedLimits() {
    const count = { statements: 0 };
    const counted = new Proxy(a.sql, { apply: (target, self, args) => (count.statements++, Reflect.apply(target, self, args)) });
    const limits = new PostgresSharedLimits(counted);
    return { limits, limiter: new SharedLimiter(limits), count };
  }

  test("a large App's requests are admitted from the instance's allowance: a few calls, not one per request", async () => {
    const shared = app({ rpm: 480_000, concurrency: 800 });
    const { limits, limiter, count } = countedLimits();
    for (let wave = 0; wave < 20; wave++) {
      const admitted = (await Promise.all(Array.from({ length: 50 }, () => attempt(limiter, shared, T0 + wave)))) as Acquired[];
      expect(admitted.every((r) => !(r instanceof ApiError))).toBe(true);
      await Promise.all(admitted.map((r) => r.release()));
    }
    console.log(`shared limits: 1,000 requests of a large App in waves of 50 took ${count.statements} statements`);
    expect(count.statements).toBeLessThan(50);
    await limits.close();
  });

  test("an App whose requests overlap a few at a time, unevenly, is served from the allowance too", async () => {
    // Eight clients one after another each, as eight users of one App: in flight goes up and down
    // between one and eight, so slots sized to the requests in flight at one call run short at the next peak.
    const shared = app({ rpm: 480_000, concurrency: 800 });
    const { limits, limiter, count } = countedLimits();
    const client = async (n: number) => {
      for (let i = 0; i < 125; i++) {
        const r = await attempt(limiter, shared, T0 + i);
        expect(r).not.toBeInstanceOf(ApiError);
        await Bun.sleep((i * 7 + n * 3) % 4);
        await (r as Acquired).release();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    console.log(`shared limits: 1,000 requests of eight uneven clients took ${count.statements} statements`);
    expect(count.statements).toBeLessThan(50);
    await limits.close();
  });

  test("a burst over both instances never passes the rpm limit, and falls short by at most each instance's spare tokens", async () => {
    const rpm = 960;
    const shared = app({ rpm, concurrency: 100_000 });
    // Warm both instances' rate, so each takes spare tokens.
    for (const limiter of [one, two]) for (const r of (await Promise.all(Array.from({ length: 40 }, () => attempt(limiter, shared, T0)))) as Acquired[]) await r.release();
    const results = await Promise.all(Array.from({ length: 1_200 }, (_, i) => attempt(i % 2 === 0 ? one : two, shared, T0)));
    const admitted = 80 + results.filter((r) => !(r instanceof ApiError)).length;
    console.log(`shared limits: a burst of 1,200 at rpm ${rpm} over two instances admitted ${admitted} (spare ${spareTokensOf(rpm)} per instance)`);
    expect(admitted).toBeLessThanOrEqual(rpm);
    expect(admitted).toBeGreaterThanOrEqual(rpm - 2 * spareTokensOf(rpm));
    await Promise.all(results.map((r) => (r instanceof ApiError ? null : r.release())));
  });

  test("requests in flight never pass the limit over both instances, and fall short by at most each instance's spare slots", async () => {
    const concurrency = 80;
    const shared = app({ rpm: 1_000_000, concurrency });
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(i % 2 === 0 ? one : two, shared, T0)));
    const admitted = results.filter((r) => !(r instanceof ApiError)) as Acquired[];
    const [held] = await a.sql`SELECT sum(slots)::int AS n FROM limit_leases WHERE app_id = ${shared.id}`;
    console.log(`shared limits: 300 requests at once for ${concurrency} slots over two instances: ${admitted.length} admitted, ${held.n} slots held`);
    expect(admitted.length).toBeLessThanOrEqual(concurrency);
    expect(admitted.length).toBeGreaterThanOrEqual(concurrency - 2 * spareSlotsOf(concurrency));
    expect(held.n).toBeLessThanOrEqual(concurrency);
    await Promise.all(admitted.map((r) => r.release()));
  });

  test(`an instance gives back what it holds unused after ${IDLE_RETURN_MS} ms without a request, so the other can take all of it`, async () => {
    const shared = app({ rpm: 4_800, concurrency: 80 });
    for (const r of (await Promise.all(Array.from({ length: 30 }, () => attempt(one, shared, T0)))) as Acquired[]) await r.release();
    const [holding] = await a.sql`SELECT sum(slots)::int AS slots FROM limit_leases WHERE app_id = ${shared.id}`;
    expect(holding.slots).toBeGreaterThan(0);
    await Bun.sleep(IDLE_RETURN_MS * 2);
    const [after] = await a.sql`SELECT count(*)::int AS n FROM limit_leases WHERE app_id = ${shared.id}`;
    expect(after.n).toBe(0);
    // The other instance now gets every slot.
    const results = await Promise.all(Array.from({ length: 80 }, () => attempt(two, shared, T0 + 1)));
    expect(results.filter((r) => r instanceof ApiError)).toHaveLength(0);
    await Promise.all((results as Acquired[]).map((r) => r.release()));
  });
});

/**
 * Request limits shared across instances (PostgreSQL): requests per minute and
 * requests in flight are counted once for all instances, with the same 429s,
 * retry hints and RateLimit state as the in-process limiter; a lease left by a
 * crashed instance stops counting once it expires.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { PostgresSharedLimits, LEASE_MS } from "../../src/db/postgres/limits.ts";
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
    const [leases] = await a.sql`SELECT count(*)::int AS n FROM limit_leases WHERE app_id = ${shared.id}`;
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
    // The stale leases were deleted; the live one remains.
    const [leases] = await a.sql`SELECT count(*)::int AS n FROM limit_leases WHERE app_id = ${shared.id}`;
    expect(leases.n).toBe(1);
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
});

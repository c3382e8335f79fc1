/**
 * The limits shared through the database (SharedLimiter, src/platform/limits.ts) over a store that
 * answers what it is told to: the store decides (SharedLimitStore in src/db/storage.ts), the limiter
 * turns its outcome into the same answers as the one-process limiter (module comment): 429
 * RATE_LIMITED with the wait for one token and the RateLimit headers, 429 CONCURRENCY_LIMITED with
 * a 250 ms hint (spec), or the rate state and a release that ends the lease once and never rejects.
 */
import { expect, test } from "bun:test";
import type { AppRecord } from "../../../src/db/types.ts";
import type { SharedLimitStore, SlotOutcome } from "../../../src/db/storage.ts";
import { SharedLimiter } from "../../../src/platform/limits.ts";
import { rejection } from "../../helpers/platform-unit.ts";

const T0 = 1_800_000_000_000;
const app = (rpm: number, concurrency: number): AppRecord => ({
  id: "app_shared", name: "shared limits", env: "test", capabilities: ["bazi"], rpm, concurrency, monthlyQuota: 1000, status: "active", createdAt: T0, updatedAt: T0,
});

/** A store whose every acquire answers `outcome`; it records what it was asked. */
class AnsweringStore implements SharedLimitStore {
  readonly asked: unknown[][] = [];
  readonly released: string[] = [];
  constructor(
    private readonly outcome: SlotOutcome,
    private readonly releaseFails = false,
  ) {}
  async acquire(appId: string, rpm: number, concurrency: number, now: number): Promise<SlotOutcome> {
    this.asked.push([appId, rpm, concurrency, now]);
    return this.outcome;
  }
  async release(leaseId: string): Promise<void> {
    this.released.push(leaseId);
    if (this.releaseFails) throw new Error("the database is down");
  }
}

/** What a caller acts on in the refusal `acquire` rejects with. */
async function refusalFrom(acquired: Promise<unknown>) {
  const err = await rejection(acquired);
  return { code: err.code, status: err.status, retryAfterMs: err.extras.retryAfterMs, headers: err.extras.headers };
}

test("the store is asked for the App's id, rpm, concurrency and the time", async () => {
  const store = new AnsweringStore({ kind: "ok", leaseId: "lease_1", remaining: 10 });
  await new SharedLimiter(store).acquire(app(60, 4), T0);
  expect(store.asked).toEqual([["app_shared", 60, 4, T0]]);
});

test("a spent bucket is 429 RATE_LIMITED: the hint is the time until one token is back, in the headers too", async () => {
  // 120 a minute is a token every 500 ms; with 0.4 of a token left, 0.6 is missing: 300 ms.
  const limiter = new SharedLimiter(new AnsweringStore({ kind: "rate", remaining: 0.4 }));
  expect(await refusalFrom(limiter.acquire(app(120, 4), T0))).toEqual({
    code: "RATE_LIMITED", status: 429, retryAfterMs: 300,
    headers: { "ratelimit-policy": '"rpm";q=120;w=60', ratelimit: '"rpm";r=0;t=1' },
  });
});

test("too many in flight is 429 CONCURRENCY_LIMITED with a 250 ms hint", async () => {
  const limiter = new SharedLimiter(new AnsweringStore({ kind: "concurrency", inFlight: 4 }));
  expect(await refusalFrom(limiter.acquire(app(120, 4), T0))).toMatchObject({ code: "CONCURRENCY_LIMITED", status: 429, retryAfterMs: 250 });
});

test("an admitted request gets the rate state from the tokens left: whole tokens, and the seconds until the bucket is full", async () => {
  // 60 a minute is a token a second: 57.6 left of 60 is 2.4 s from full, reported as 3.
  const limiter = new SharedLimiter(new AnsweringStore({ kind: "ok", leaseId: "lease_1", remaining: 57.6 }));
  expect((await limiter.acquire(app(60, 4), T0)).rate).toEqual({ limit: 60, remaining: 57, resetSeconds: 3 });
});

test("release ends the lease in the store once, however often it is called", async () => {
  const store = new AnsweringStore({ kind: "ok", leaseId: "lease_7", remaining: 10 });
  const { release } = await new SharedLimiter(store).acquire(app(60, 4), T0);
  await release();
  await release();
  expect(store.released).toEqual(["lease_7"]);
});

test("a release the store cannot carry out does not reject (the lease expires by itself)", async () => {
  const store = new AnsweringStore({ kind: "ok", leaseId: "lease_8", remaining: 10 }, true);
  const { release } = await new SharedLimiter(store).acquire(app(60, 4), T0);
  await expect(Promise.resolve(release())).resolves.toBeUndefined();
  expect(store.released).toEqual(["lease_8"]);
});

/**
 * Per-App request limits: a token bucket for requests per minute and a count of
 * requests in flight. One process serving an SQLite file counts in its own memory
 * (LocalLimiter); several instances on one PostgreSQL database share the counts
 * in the database (SharedLimiter over Storage.sharedLimits). Both answer the same
 * 429s with the same retry hints and RateLimit headers.
 */
import { ApiError } from "./errors.ts";
import type { AppRecord } from "../db/types.ts";
import type { SharedLimitStore } from "../db/storage.ts";

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

export interface Acquired {
  /** The rate state for the RateLimit headers. */
  rate: RateState;
  /** Frees the concurrency slot; call once when the request ends (never rejects). */
  release: () => void | Promise<void>;
}

export interface Limiter {
  /** Takes one token and one concurrency slot, or throws 429 RATE_LIMITED / CONCURRENCY_LIMITED. */
  acquire(app: AppRecord, now: number): Promise<Acquired>;
}

/** Suggested wait for a concurrency breach: the typical request finishes well within it. */
const CONCURRENCY_RETRY_MS = 250;

function rateLimited(app: AppRecord, tokens: number): ApiError {
  const waitMs = Math.ceil((1 - tokens) / (app.rpm / 60_000));
  return new ApiError("RATE_LIMITED", `The App's allowance of ${app.rpm} requests per minute is spent; retry after ${waitMs} ms.`, {
    retryAfterMs: waitMs,
    headers: rateHeaders({ limit: app.rpm, remaining: 0, resetSeconds: Math.ceil(waitMs / 1000) }),
  });
}

function concurrencyLimited(app: AppRecord): ApiError {
  return new ApiError("CONCURRENCY_LIMITED", `The App already has ${app.concurrency} requests in flight; retry after ${CONCURRENCY_RETRY_MS} ms.`, {
    retryAfterMs: CONCURRENCY_RETRY_MS,
  });
}

/** The rate state after this request took its token (`tokens` left). */
function rateAfter(app: AppRecord, tokens: number): RateState {
  const resetSeconds = Math.ceil((app.rpm - tokens) / (app.rpm / 60_000) / 1000);
  return { limit: app.rpm, remaining: Math.floor(tokens), resetSeconds };
}

/** The limits of one process, in memory: for a database that one process serves (SQLite). */
export class LocalLimiter implements Limiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly inFlight = new Map<string, number>();

  async acquire(app: AppRecord, now: number): Promise<Acquired> {
    return this.take(app, now);
  }

  /** The synchronous step: nothing can interleave between the checks and the counts. */
  take(app: AppRecord, now: number): Acquired {
    const refillPerMs = app.rpm / 60_000;
    const bucket = this.buckets.get(app.id) ?? { tokens: app.rpm, updatedAt: now };
    bucket.tokens = Math.min(app.rpm, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
    bucket.updatedAt = now;
    this.buckets.set(app.id, bucket);
    if (bucket.tokens < 1) throw rateLimited(app, bucket.tokens);
    const running = this.inFlight.get(app.id) ?? 0;
    if (running >= app.concurrency) throw concurrencyLimited(app);
    bucket.tokens -= 1;
    this.inFlight.set(app.id, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.inFlight.get(app.id) ?? 1) - 1;
      if (n <= 0) this.inFlight.delete(app.id);
      else this.inFlight.set(app.id, n);
    };
    return { rate: rateAfter(app, bucket.tokens), release };
  }
}

/**
 * Limits shared by every instance on one database: each acquire is one atomic
 * database step (see SharedLimitStore), so N instances together admit no more
 * than one would.
 */
export class SharedLimiter implements Limiter {
  constructor(private readonly shared: SharedLimitStore) {}

  async acquire(app: AppRecord, now: number): Promise<Acquired> {
    const outcome = await this.shared.acquire(app.id, app.rpm, app.concurrency, now);
    if (outcome.kind === "rate") throw rateLimited(app, outcome.remaining);
    if (outcome.kind === "concurrency") throw concurrencyLimited(app);
    let released: Promise<void> | null = null;
    // Best effort: a lease that cannot be deleted now (database down) expires by itself.
    const release = () => (released ??= this.shared.release(outcome.leaseId).catch(() => {}));
    return { rate: rateAfter(app, outcome.remaining), release };
  }
}

/** IETF draft-ietf-httpapi-ratelimit-headers structured fields. */
export function rateHeaders(rate: RateState): Record<string, string> {
  return {
    "ratelimit-policy": `"rpm";q=${rate.limit};w=60`,
    ratelimit: `"rpm";r=${rate.remaining};t=${rate.resetSeconds}`,
  };
}

/**
 * Per-App request limits kept in this process: a token bucket for requests per
 * minute and a counter of requests in flight. (Multi-instance deployments need
 * shared counters: that is the PostgreSQL backend's job.)
 */
import { ApiError } from "./errors.ts";
import type { AppRecord } from "../db/types.ts";

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

/** Suggested wait for a concurrency breach: the typical request finishes well within it. */
const CONCURRENCY_RETRY_MS = 250;

export class Limiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly inFlight = new Map<string, number>();

  /**
   * Takes one token and one concurrency slot, or throws 429.
   * @returns the rate state for the RateLimit headers and a release function for the slot
   */
  acquire(app: AppRecord, now: number): { rate: RateState; release: () => void } {
    const refillPerMs = app.rpm / 60_000;
    const bucket = this.buckets.get(app.id) ?? { tokens: app.rpm, updatedAt: now };
    bucket.tokens = Math.min(app.rpm, bucket.tokens + (now - bucket.updatedAt) * refillPerMs);
    bucket.updatedAt = now;
    this.buckets.set(app.id, bucket);
    if (bucket.tokens < 1) {
      const waitMs = Math.ceil((1 - bucket.tokens) / refillPerMs);
      throw new ApiError("RATE_LIMITED", `The App's allowance of ${app.rpm} requests per minute is spent; retry after ${waitMs} ms.`, {
        retryAfterMs: waitMs,
        headers: rateHeaders({ limit: app.rpm, remaining: 0, resetSeconds: Math.ceil(waitMs / 1000) }),
      });
    }
    const running = this.inFlight.get(app.id) ?? 0;
    if (running >= app.concurrency) {
      throw new ApiError("CONCURRENCY_LIMITED", `The App already has ${app.concurrency} requests in flight; retry after ${CONCURRENCY_RETRY_MS} ms.`, {
        retryAfterMs: CONCURRENCY_RETRY_MS,
      });
    }
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
    const resetSeconds = Math.ceil((app.rpm - bucket.tokens) / refillPerMs / 1000);
    return { rate: { limit: app.rpm, remaining: Math.floor(bucket.tokens), resetSeconds }, release };
  }
}

/** IETF draft-ietf-httpapi-ratelimit-headers structured fields. */
export function rateHeaders(rate: RateState): Record<string, string> {
  return {
    "ratelimit-policy": `"rpm";q=${rate.limit};w=60`,
    ratelimit: `"rpm";r=${rate.remaining};t=${rate.resetSeconds}`,
  };
}

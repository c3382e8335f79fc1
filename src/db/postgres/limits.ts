/**
 * Per-App request limits shared by every instance on the database (the
 * SharedLimitStore of ../storage.ts; platform/limits.ts turns the outcomes into
 * 429s and RateLimit headers).
 *
 * - Requests per minute: one token bucket row per App (limit_buckets), refilled
 *   and taken atomically.
 * - Requests in flight: one lease row per running request (limit_leases) with an
 *   expiry. A live instance renews its leases every few seconds; an instance that
 *   crashed stops renewing, and its leases stop counting once they expire, so a
 *   crash never holds an App's slots for longer than LEASE_MS.
 *
 * Both are taken in one call of lingshu_acquire_slot() (migration 0001), which
 * runs under the App's bucket row lock: one round trip per request.
 */
import type { SQL } from "bun";
import type { SharedLimitStore, SlotOutcome } from "../storage.ts";
import { newId } from "../../ids.ts";

/** A lease counts for this long unless renewed; a dead instance's slots are free again after it. */
export const LEASE_MS = 30_000;
/** Live leases are pushed forward by this much, this often. */
const RENEW_EVERY_MS = 10_000;

export class PostgresSharedLimits implements SharedLimitStore {
  /** The leases this instance holds now (renewed until released). */
  private readonly live = new Set<string>();
  private renewTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly sql: SQL,
    private readonly leaseMs: number = LEASE_MS,
  ) {}

  async acquire(appId: string, rpm: number, concurrency: number, now: number): Promise<SlotOutcome> {
    const leaseId = newId("request", now);
    const [row] = await this.sql`SELECT outcome, remaining, in_flight FROM lingshu_acquire_slot(${appId}, ${rpm}, ${concurrency}, ${now}, ${leaseId}, ${this.leaseMs})`;
    const remaining = Number(row.remaining);
    if (row.outcome === "rate") return { kind: "rate", remaining };
    if (row.outcome === "concurrency") return { kind: "concurrency", inFlight: Number(row.in_flight) };
    this.live.add(leaseId);
    this.startRenewing();
    return { kind: "ok", leaseId, remaining };
  }

  async release(leaseId: string): Promise<void> {
    this.live.delete(leaseId);
    await this.sql`DELETE FROM limit_leases WHERE id = ${leaseId}`;
  }

  /** Pushes the expiry of every live lease forward, so a request longer than LEASE_MS keeps its slot. */
  async renew(): Promise<void> {
    if (this.live.size === 0) return;
    await this.sql`UPDATE limit_leases SET expires_at = expires_at + ${RENEW_EVERY_MS} WHERE id = ANY(${this.sql.array([...this.live], "TEXT")})`;
  }

  private startRenewing(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => {
      if (this.live.size === 0) return this.stop();
      // A renewal that fails (database down) is retried on the next tick; the lease is released anyway.
      this.renew().catch(() => {});
    }, RENEW_EVERY_MS);
    this.renewTimer.unref?.();
  }

  stop(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }
}

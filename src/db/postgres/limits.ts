/**
 * Per-App request limits shared by every instance on the database (the SharedLimitStore of
 * ../storage.ts; platform/limits.ts turns the outcomes into 429s and RateLimit headers), taken in
 * batches so that a request does not write to a row every instance shares.
 *
 * Each instance holds an allowance per App: whole tokens taken from the App's bucket
 * (limit_buckets) and in-flight slots (its row of limit_leases, `slots`). A request spends a token
 * and runs in a slot, counted in this process's memory; only when the allowance runs out does the
 * instance call lingshu_take_allowance() (migration 0007), one call for every request waiting on
 * that App at that moment, under the App's bucket row lock. Both limits hold exactly across
 * instances, because every token and slot in use was taken from the shared row: the rpm limit and
 * the concurrency limit are never exceeded. What batching costs is the other way: an instance
 * may refuse a request while another holds unused allowance, at most
 *   - spareTokensOf(rpm) tokens (an eighth of a second at the full rate; half a second of its recent rate below that),
 *   - spareSlotsOf(concurrency) slots (an eighth of the limit),
 * and only until IDLE_RETURN_MS without a request of that App, when an instance gives them back.
 * A small App (rpm < 480, concurrency < 8) is therefore exact both ways: nothing is held spare.
 *
 * An instance that dies stops renewing its lease, and its slots stop counting once `expires_at`
 * passes (LEASE_MS); a graceful stop gives everything back at once.
 */
import type { SQL } from "bun";
import type { SharedLimitStore, SlotOutcome } from "../storage.ts";
import { newId } from "../../ids.ts";

/** A lease counts for this long unless renewed; a dead instance's slots are free again after it. */
export const LEASE_MS = 30_000;
/** Live leases are pushed forward by this much, this often. */
const RENEW_EVERY_MS = 10_000;
/** Unused tokens and slots go back to the shared row after this long without a request of the App. */
export const IDLE_RETURN_MS = 1_000;
/** The most tokens an instance takes beyond the requests waiting: an eighth of a second at the full rate. */
export const spareTokensOf = (rpm: number) => Math.floor(rpm / 480);
/** The most slots an instance keeps beyond its requests in flight. */
export const spareSlotsOf = (concurrency: number) => Math.floor(concurrency / 8);

interface Waiter {
  resolve: (outcome: SlotOutcome) => void;
  reject: (error: unknown) => void;
}

/** One App's allowance on this instance. */
class Allowance {
  tokens = 0;
  held = 0;
  inFlight = 0;
  /** The bucket's tokens after the last call, and the slots all instances held then. */
  bucketRemaining = 0;
  heldByAll = 0;
  rpm = 0;
  concurrency = 0;
  waiting: Waiter[] = [];
  /** The sync running now; requests and releases meanwhile wait for the next round. */
  syncing: Promise<void> | null = null;
  /** Set to give back everything unused at the next round (idle, or a graceful stop). */
  returning = false;
  /** The caller's clock at its latest request, and when that was on this process's clock. */
  lastNow = 0;
  lastNowAt = 0;
  /** Requests admitted in the current second and the one before (the recent rate). */
  admitted = 0;
  admittedBefore = 0;
  /** The most requests in flight at once in the current second and the one before (the recent peak). */
  peak = 0;
  peakBefore = 0;
  windowStart = 0;

  constructor(
    readonly appId: string,
    readonly leaseId: string,
  ) {}

  /** The caller's clock now, moved on by the time passed since its latest request. */
  now(): number {
    return Math.round(this.lastNow + (performance.now() - this.lastNowAt));
  }

  countAdmission(): void {
    const at = performance.now();
    if (at - this.windowStart >= 1000) {
      const previous = at - this.windowStart < 2000;
      this.admittedBefore = previous ? this.admitted : 0;
      this.peakBefore = previous ? this.peak : 0;
      this.admitted = 0;
      this.peak = 0;
      this.windowStart = at;
    }
    this.admitted++;
    this.peak = Math.max(this.peak, this.inFlight);
  }

  /** Whether the allowance on hand admits one more request: a token, and a slot not in use. */
  get hasRoom(): boolean {
    return this.tokens >= 1 && this.inFlight < this.held;
  }

  /** Requests in flight at the recent peak: the slots worth holding, so the next peak needs no call. */
  get recentPeak(): number {
    return Math.max(this.peak, this.peakBefore);
  }

  get idle(): boolean {
    return this.waiting.length === 0 && this.syncing === null && performance.now() - this.lastNowAt >= IDLE_RETURN_MS;
  }
}

export class PostgresSharedLimits implements SharedLimitStore {
  private readonly allowances = new Map<string, Allowance>();
  private readonly byLease = new Map<string, Allowance>();
  /** This instance's name in the lease ids (one lease per App). */
  private readonly instance = newId("request");
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastRenewal = performance.now();

  constructor(
    private readonly sql: SQL,
    private readonly leaseMs: number = LEASE_MS,
  ) {}

  acquire(appId: string, rpm: number, concurrency: number, now: number): Promise<SlotOutcome> {
    const a = this.allowanceOf(appId);
    a.rpm = rpm;
    a.concurrency = concurrency;
    a.lastNow = Math.max(a.lastNow, now);
    a.lastNowAt = performance.now();
    // Not while a sync runs: the tokens and slots it is fetching are counted for the requests it serves.
    if (a.syncing === null && a.hasRoom) return Promise.resolve(this.admit(a));
    const outcome = new Promise<SlotOutcome>((resolve, reject) => a.waiting.push({ resolve, reject }));
    this.sync(a);
    return outcome;
  }

  /** Ends a request's slot; gives back slots past the spare at once (small Apps: every slot). */
  async release(leaseId: string): Promise<void> {
    const a = this.byLease.get(leaseId);
    if (!a) return;
    a.inFlight = Math.max(0, a.inFlight - 1);
    if (a.held - a.inFlight > spareSlotsOf(a.concurrency)) await this.sync(a);
  }

  /** Pushes the expiry of every lease this instance holds forward, so a request longer than LEASE_MS keeps its slot. */
  async renew(): Promise<void> {
    this.lastRenewal = performance.now();
    const live = [...this.allowances.values()].filter((a) => a.held > 0).map((a) => a.leaseId);
    if (live.length === 0) return;
    await this.sql`UPDATE limit_leases SET expires_at = expires_at + ${RENEW_EVERY_MS} WHERE id = ANY(${this.sql.array(live, "TEXT")})`;
  }

  /** Gives back every unused token and slot (a graceful stop), then stops the timer. */
  async close(): Promise<void> {
    this.stop();
    await Promise.all([...this.allowances.values()].filter((a) => a.held > 0 || a.tokens >= 1).map((a) => this.giveBack(a).catch(() => {})));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private allowanceOf(appId: string): Allowance {
    let a = this.allowances.get(appId);
    if (!a) {
      a = new Allowance(appId, `${this.instance}:${appId}`);
      this.allowances.set(appId, a);
      this.byLease.set(a.leaseId, a);
    }
    this.startTimer();
    return a;
  }

  private admit(a: Allowance): SlotOutcome {
    a.tokens--;
    a.inFlight++;
    a.countAdmission();
    return { kind: "ok", leaseId: a.leaseId, remaining: a.bucketRemaining + a.tokens };
  }

  /**
   * Calls the database for the requests waiting now (one call for all of them) and answers them; then
   * gives back slots past the spare, or everything unused when asked (giveBack); and goes round again
   * while requests arrived meanwhile. One sync per App at a time.
   */
  private sync(a: Allowance): Promise<void> {
    a.syncing ??= (async () => {
      let failed: unknown = null;
      try {
        for (;;) {
          const batch = a.waiting.splice(0);
          if (batch.length > 0) {
            await this.serve(a, batch).catch((error: unknown) => {
              for (const w of batch) w.reject(error);
            });
            continue;
          }
          if (failed) throw failed;
          try {
            if (a.returning && (a.held > a.inFlight || a.tokens >= 1)) await this.call(a, 0, Math.floor(a.tokens), a.inFlight);
            else if (a.held - a.inFlight > spareSlotsOf(a.concurrency)) await this.call(a, 0, 0, a.inFlight + spareSlotsOf(a.concurrency));
            else return;
            a.returning = false;
          } catch (error) {
            // Not retried in this round (the database is likely down): requests that came meanwhile are still answered.
            failed = error;
            a.returning = false;
          }
        }
      } finally {
        a.syncing = null;
      }
    })();
    return a.syncing;
  }

  /** Gives back the App's unused tokens and slots (after the sync running now). */
  private giveBack(a: Allowance): Promise<void> {
    a.returning = true;
    return this.sync(a);
  }

  private async serve(a: Allowance, batch: Waiter[]): Promise<void> {
    // Requests that came during the last call and fit what is held now need no call of their own.
    while (batch.length > 0 && a.hasRoom) batch.shift()!.resolve(this.admit(a));
    if (batch.length === 0) return;
    const needed = Math.max(0, batch.length - Math.floor(a.tokens));
    const recent = Math.max(a.admitted, a.admittedBefore);
    // Half a second of the recent rate, never more than the spare the tolerance allows: an App far
    // below its limit then calls about twice a second per instance, whatever its traffic (an eighth
    // of a second made eight Apps on two instances call 1,839 times in a 13 s run instead of 256).
    const tokens = needed > 0 ? needed + Math.min(spareTokensOf(a.rpm), Math.ceil(recent / 2)) : 0;
    const using = a.inFlight + batch.length;
    // Spare slots sized to the recent peak as well as to now: an App whose requests in flight go up
    // and down (a few users) would otherwise call again at every peak.
    await this.call(a, tokens, 0, using + Math.min(spareSlotsOf(a.concurrency), Math.max(using, a.recentPeak)), a.lastNow);
    for (const w of batch) {
      if (a.tokens < 1) w.resolve({ kind: "rate", remaining: a.bucketRemaining + a.tokens });
      else if (a.inFlight >= a.held) w.resolve({ kind: "concurrency", inFlight: Math.max(a.heldByAll, a.inFlight) });
      else w.resolve(this.admit(a));
    }
  }

  /**
   * One call of lingshu_take_allowance: take `tokens`, give back `returned`, hold `slots` in all. At
   * the newest waiting request's time when requests wait; later, for what runs on its own.
   */
  private async call(a: Allowance, tokens: number, returned: number, slots: number, now = a.now()): Promise<void> {
    const [row] = await this.sql`
      SELECT taken, remaining, held, in_flight FROM lingshu_take_allowance(${a.appId}, ${a.rpm}, ${a.concurrency}, ${now}, ${a.leaseId}, ${this.leaseMs}, ${tokens}, ${returned}, ${slots})`;
    a.tokens += Number(row.taken) - returned;
    a.bucketRemaining = Number(row.remaining);
    a.held = Number(row.held);
    a.heldByAll = Number(row.in_flight);
  }

  /** Renews leases and gives back what idle Apps hold; stops itself when nothing is held. */
  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A failed call (database down) is tried again on the next tick; an unrenewed lease expires by itself.
      if (performance.now() - this.lastRenewal >= RENEW_EVERY_MS) this.renew().catch(() => {});
      let holding = false;
      for (const a of this.allowances.values()) {
        if (a.held > a.inFlight || a.tokens >= 1) {
          holding = true;
          if (a.idle) void this.giveBack(a).catch(() => {});
        } else if (a.held > 0) holding = true;
      }
      if (!holding) this.stop();
    }, IDLE_RETURN_MS / 2);
    this.timer.unref?.();
  }
}

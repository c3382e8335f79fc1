/**
 * Usage per App and UTC month. Billing units are written with the Response they
 * pay for; plain request counts are buffered in memory and flushed every second
 * (and at shutdown), so counting never adds a write to each request.
 */
import type { Storage } from "../db/storage.ts";

/** "YYYY-MM" of a UTC instant. */
export function utcMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/** Milliseconds from `now` to the first instant of the next UTC month. */
export function msUntilNextMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - now;
}

export class RequestCounter {
  private pending = new Map<string, number>();
  private pendingMonth: string | null = null;

  constructor(private readonly store: Storage) {}

  count(appId: string, now: number): void {
    const month = utcMonth(now);
    if (this.pendingMonth !== null && this.pendingMonth !== month) void this.flush().catch(() => {});
    this.pendingMonth = month;
    this.pending.set(appId, (this.pending.get(appId) ?? 0) + 1);
  }

  /** Requests of an App counted in memory for `month` and not yet written. */
  pendingFor(appId: string, month: string): number {
    return this.pendingMonth === month ? (this.pending.get(appId) ?? 0) : 0;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0 || this.pendingMonth === null) return;
    const counts = this.pending;
    const month = this.pendingMonth;
    this.pending = new Map();
    try {
      await this.store.usage.addRequests(counts, month);
    } catch (err) {
      // Not lost: the counts wait for the next flush (unless the month has turned meanwhile).
      if (this.pendingMonth === month) for (const [app, n] of counts) this.pending.set(app, (this.pending.get(app) ?? 0) + n);
      throw err;
    }
  }
}

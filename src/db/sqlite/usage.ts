/** Requests and billing units by App and month on SQLite. */
import { and, eq, sql } from "drizzle-orm";
import { usageMonths } from "./schema.ts";
import type { Db } from "./client.ts";
import type { UsageStore } from "../storage.ts";
import { MonthlyQuotaExhausted, type UsageRecord } from "../types.ts";

/** bun:sqlite's run() returns {changes} at run time; drizzle types it as void. */
const changes = (result: unknown) => result as { changes: number };

export class SqliteUsageStore implements UsageStore {
  constructor(private readonly db: Db) {}

  async addRequests(counts: Map<string, number>, month: string): Promise<void> {
    if (counts.size === 0) return;
    this.db.transaction((tx) => {
      for (const [appId, n] of counts) {
        tx.insert(usageMonths)
          .values({ appId, month, requests: n, billingUnits: 0 })
          .onConflictDoUpdate({ target: [usageMonths.appId, usageMonths.month], set: { requests: sql`${usageMonths.requests} + ${n}` } })
          .run();
      }
    });
  }

  /**
   * Adds billing units; call inside `atomically` so the unit lands with the resource it pays for.
   * @throws MonthlyQuotaExhausted when `quota` is given and the month's total would pass it
   */
  addBillingUnits(db: Db, appId: string, month: string, units: number, quota?: number): void {
    if (quota !== undefined && units > quota) throw new MonthlyQuotaExhausted(appId, month, quota);
    const result = db
      .insert(usageMonths)
      .values({ appId, month, requests: 0, billingUnits: units })
      .onConflictDoUpdate({
        target: [usageMonths.appId, usageMonths.month],
        set: { billingUnits: sql`${usageMonths.billingUnits} + ${units}` },
        ...(quota === undefined ? {} : { setWhere: sql`${usageMonths.billingUnits} + ${units} <= ${quota}` }),
      })
      .run();
    if (changes(result).changes === 0) throw new MonthlyQuotaExhausted(appId, month, quota!);
  }

  async get(appId: string, month: string): Promise<UsageRecord> {
    const row = this.db
      .select()
      .from(usageMonths)
      .where(and(eq(usageMonths.appId, appId), eq(usageMonths.month, month)))
      .get();
    return row ?? { appId, month, billingUnits: 0, requests: 0 };
  }
}

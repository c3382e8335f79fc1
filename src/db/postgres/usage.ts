/** Requests and billing units by App and month on PostgreSQL. */
import type { SQL } from "bun";
import { num } from "./apps.ts";
import type { Tx } from "./kernel.ts";
import type { UsageStore } from "../storage.ts";
import { MonthlyQuotaExhausted, type UsageRecord } from "../types.ts";

export class PostgresUsageStore implements UsageStore {
  constructor(private readonly sql: SQL) {}

  async addRequests(counts: Map<string, number>, month: string): Promise<void> {
    if (counts.size === 0) return;
    // Sorted, so two instances flushing the same Apps lock their rows in the same order (no deadlock).
    const entries = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await this.sql`
      INSERT INTO usage_months AS u (app_id, month, billing_units, requests)
      SELECT t.app_id, ${month}, 0, t.n
      FROM unnest(${this.sql.array(entries.map(([app]) => app), "TEXT")}::text[], ${this.sql.array(entries.map(([, n]) => n), "BIGINT")}::bigint[]) AS t(app_id, n)
      ON CONFLICT (app_id, month) DO UPDATE SET requests = u.requests + EXCLUDED.requests`;
  }

  /**
   * Adds billing units in the transaction `tx` (the one that stores what they pay for).
   * With `quota`, one conditional upsert: the units are added only if the month's
   * total stays within it. The row lock it takes orders concurrent additions from
   * every instance, so the quota holds across them.
   * @throws MonthlyQuotaExhausted when the total would pass `quota`
   */
  async addBillingUnits(tx: Tx, appId: string, month: string, units: number, quota?: number): Promise<void> {
    if (quota === undefined) {
      await tx`
        INSERT INTO usage_months AS u (app_id, month, billing_units, requests) VALUES (${appId}, ${month}, ${units}, 0)
        ON CONFLICT (app_id, month) DO UPDATE SET billing_units = u.billing_units + EXCLUDED.billing_units`;
      return;
    }
    if (units > quota) throw new MonthlyQuotaExhausted(appId, month, quota);
    const added = await tx`
      INSERT INTO usage_months AS u (app_id, month, billing_units, requests) VALUES (${appId}, ${month}, ${units}, 0)
      ON CONFLICT (app_id, month) DO UPDATE SET billing_units = u.billing_units + EXCLUDED.billing_units
      WHERE u.billing_units + EXCLUDED.billing_units <= ${quota}
      RETURNING u.billing_units`;
    if (added.length === 0) throw new MonthlyQuotaExhausted(appId, month, quota);
  }

  async get(appId: string, month: string): Promise<UsageRecord> {
    const [row] = await this.sql`SELECT * FROM usage_months WHERE app_id = ${appId} AND month = ${month}`;
    if (!row) return { appId, month, billingUnits: 0, requests: 0 };
    return { appId: row.app_id, month: row.month, billingUnits: num(row.billing_units), requests: num(row.requests) };
  }
}

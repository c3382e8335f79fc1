/** Requests and billing units by App and month on PostgreSQL. */
import type { SQL } from "bun";
import { num } from "./apps.ts";
import type { Tx } from "./kernel.ts";
import type { UsageStore } from "../storage.ts";
import { MonthlyQuotaExhausted, type UsageRecord } from "../types.ts";

/**
 * The statement that adds billing units to the App's month, within `quota` when given, and only
 * when `condition` holds (a fragment over the enclosing statement's other parts): it affects one
 * row when they were added, none otherwise. Part of the statement that stores what the units pay
 * for; the row lock it takes orders concurrent additions from every instance, so the quota holds
 * across them, and lasts until that statement commits.
 * @throws MonthlyQuotaExhausted when `units` alone pass `quota` (a new month's row is inserted unchecked)
 */
export function addingBillingUnits(sql: Tx, appId: string, month: string, units: number, quota: number | undefined, condition: SQL.Query<unknown>) {
  if (quota !== undefined && units > quota) throw new MonthlyQuotaExhausted(appId, month, quota);
  return sql`
    INSERT INTO usage_months AS u (app_id, month, billing_units, requests) SELECT ${appId}, ${month}, ${units}, 0 WHERE ${condition}
    ON CONFLICT (app_id, month) DO UPDATE SET billing_units = u.billing_units + EXCLUDED.billing_units
    ${quota === undefined ? sql`` : sql`WHERE u.billing_units + EXCLUDED.billing_units <= ${quota}`}`;
}

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

  async get(appId: string, month: string): Promise<UsageRecord> {
    const [row] = await this.sql`SELECT * FROM usage_months WHERE app_id = ${appId} AND month = ${month}`;
    if (!row) return { appId, month, billingUnits: 0, requests: 0 };
    return { appId: row.app_id, month: row.month, billingUnits: num(row.billing_units), requests: num(row.requests) };
  }
}

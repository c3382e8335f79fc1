/**
 * Apps on PostgreSQL. Every change here calls `changed`, so this instance's cached callers
 * (keys.ts) go at once; other instances hear of it from the database (migration 0006).
 */
import type { SQL } from "bun";
import { APP_DELETION, APP_DELETION_POSTGRES_LIMITS, APP_ROW, type AppDeletionCounts } from "../app-deletion.ts";
import type { AppChanges, AppStore } from "../storage.ts";
import type { AppRecord, Capability } from "../types.ts";

export type Row = Record<string, any>;
export const num = (v: unknown): number => Number(v);

export function toApp(r: Row): AppRecord {
  return {
    id: r.id,
    name: r.name,
    env: r.env,
    capabilities: JSON.parse(r.capabilities) as Capability[],
    rpm: num(r.rpm),
    concurrency: num(r.concurrency),
    monthlyQuota: num(r.monthly_quota),
    status: r.status,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export class PostgresAppStore implements AppStore {
  constructor(
    private readonly sql: SQL,
    private readonly changed: () => void,
  ) {}

  async insert(app: AppRecord): Promise<void> {
    await this.sql`
      INSERT INTO apps (id, name, env, capabilities, rpm, concurrency, monthly_quota, status, created_at, updated_at)
      VALUES (${app.id}, ${app.name}, ${app.env}, ${JSON.stringify(app.capabilities)}, ${app.rpm}, ${app.concurrency}, ${app.monthlyQuota}, ${app.status}, ${app.createdAt}, ${app.updatedAt})`;
    this.changed();
  }

  async get(id: string): Promise<AppRecord | null> {
    const [row] = await this.sql`SELECT * FROM apps WHERE id = ${id}`;
    return row ? toApp(row) : null;
  }

  async list(): Promise<AppRecord[]> {
    // Byte order, as SQLite sorts: the database's collation may not be "C".
    return (await this.sql`SELECT * FROM apps ORDER BY created_at, id COLLATE "C"`).map(toApp);
  }

  async count(): Promise<number> {
    const [row] = await this.sql`SELECT count(*)::int AS n FROM apps`;
    return row.n;
  }

  async update(id: string, changes: AppChanges, now: number): Promise<AppRecord | null> {
    const capabilities = changes.capabilities ? JSON.stringify(changes.capabilities) : null;
    await this.sql`
      UPDATE apps SET
        name = COALESCE(${changes.name ?? null}::text, name),
        rpm = COALESCE(${changes.rpm ?? null}::bigint, rpm),
        concurrency = COALESCE(${changes.concurrency ?? null}::bigint, concurrency),
        monthly_quota = COALESCE(${changes.monthlyQuota ?? null}::bigint, monthly_quota),
        status = COALESCE(${changes.status ?? null}::text, status),
        capabilities = COALESCE(${capabilities}::text, capabilities),
        updated_at = ${now}
      WHERE id = ${id}`;
    this.changed();
    return this.get(id);
  }

  async delete(appId: string): Promise<AppDeletionCounts | null> {
    const deleted = (await this.sql.begin(async (tx) => {
      const counts: AppDeletionCounts = {};
      for (const step of [...APP_DELETION, ...APP_DELETION_POSTGRES_LIMITS, APP_ROW]) {
        counts[step.table] = (await tx.unsafe(`DELETE FROM ${step.table} WHERE ${step.where}`, [appId])).count;
      }
      if (counts.apps === 0) return null;
      delete counts.apps;
      return counts;
    })) as AppDeletionCounts | null;
    this.changed();
    return deleted;
  }
}

/**
 * Apps on SQLite. Every change calls `changed`, so the key store drops the callers it caches
 * (keys.ts): a suspension or a capability change applies to the next request.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "bun:sqlite";
import { apps } from "./schema.ts";
import type { Db } from "./client.ts";
import type { WriteBatch } from "./write-batch.ts";
import { APP_DELETION, APP_ROW, type AppDeletionCounts } from "../app-deletion.ts";
import type { AppChanges, AppStore } from "../storage.ts";
import type { AppRecord, Capability } from "../types.ts";

export type AppRow = typeof apps.$inferSelect;

export function toApp(row: AppRow): AppRecord {
  return { ...row, capabilities: JSON.parse(row.capabilities) as Capability[] };
}

export class SqliteAppStore implements AppStore {
  constructor(
    private readonly db: Db,
    private readonly sqlite: Database,
    private readonly writes: WriteBatch,
    private readonly changed: () => void,
  ) {}

  async insert(app: AppRecord): Promise<void> {
    this.db.insert(apps).values({ ...app, capabilities: JSON.stringify(app.capabilities) }).run();
    this.changed();
  }

  async get(id: string): Promise<AppRecord | null> {
    const row = this.db.select().from(apps).where(eq(apps.id, id)).get();
    return row ? toApp(row) : null;
  }

  async list(): Promise<AppRecord[]> {
    return this.db.select().from(apps).orderBy(apps.createdAt, apps.id).all().map(toApp);
  }

  async count(): Promise<number> {
    return this.db.select({ n: sql<number>`count(*)` }).from(apps).get()?.n ?? 0;
  }

  async update(id: string, changes: AppChanges, now: number): Promise<AppRecord | null> {
    const { capabilities, ...rest } = changes;
    const values: Partial<AppRow> = { ...rest, updatedAt: now };
    if (capabilities) values.capabilities = JSON.stringify(capabilities);
    this.db.update(apps).set(values).where(eq(apps.id, id)).run();
    this.changed();
    return this.get(id);
  }

  async delete(appId: string): Promise<AppDeletionCounts | null> {
    const deleted = await this.writes.run(() => {
      const counts: AppDeletionCounts = {};
      for (const step of [...APP_DELETION, APP_ROW]) {
        counts[step.table] = this.sqlite.run(`DELETE FROM ${step.table} WHERE ${step.where.replaceAll("$1", "?1")}`, [appId]).changes;
      }
      return counts;
    });
    this.changed();
    if (deleted.apps === 0) return null;
    delete deleted.apps;
    return deleted;
  }
}

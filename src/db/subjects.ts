/**
 * Storage of immutable Subjects (charts, casts, Plans): one row shape, one repository.
 * Deleting a Subject removes its downstream rows in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import { casts, charts, plans } from "./schema.ts";
import type { Store } from "./store.ts";
import type { IdempotencyCompletion } from "./types.ts";

export type SubjectKind = "chart" | "cast" | "plan";
const TABLES = { chart: charts, cast: casts, plan: plans } as const;

export interface SubjectRow {
  id: string;
  appId: string;
  endUserId: string | null;
  createdAt: number;
  /** The complete JSON answer. */
  record: string;
}

/** Hooks run inside a Subject's delete transaction (e.g. removing its Responses). */
export type DownstreamDelete = (db: Parameters<Parameters<Store["atomically"]>[0]>[0], appId: string, subjectId: string) => void;

export class SubjectRepository {
  private readonly downstream: DownstreamDelete[] = [];

  constructor(
    private readonly store: Store,
    private readonly kind: SubjectKind,
  ) {}

  /** Registers data that must vanish with the Subject. */
  onDelete(hook: DownstreamDelete): void {
    this.downstream.push(hook);
  }

  async insert(row: SubjectRow, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically((db) => db.insert(TABLES[this.kind]).values(row).run(), completion);
  }

  /** The stored JSON of a Subject of this App, or null (another App's id reads as missing). */
  async get(appId: string, id: string): Promise<string | null> {
    const table = TABLES[this.kind];
    const row = this.store.db
      .select({ record: table.record })
      .from(table)
      .where(and(eq(table.id, id), eq(table.appId, appId)))
      .get();
    return row?.record ?? null;
  }

  /** @returns false when no such Subject exists in the App */
  async delete(appId: string, id: string, completion?: IdempotencyCompletion): Promise<boolean> {
    const table = TABLES[this.kind];
    return this.store.atomically((db) => {
      const deleted = db.delete(table).where(and(eq(table.id, id), eq(table.appId, appId))).run() as unknown as { changes: number };
      if (deleted.changes === 0) return false;
      for (const hook of this.downstream) hook(db, appId, id);
      return true;
    }, completion);
  }
}

/**
 * Storage of immutable Subjects (charts, casts, Plans): one row shape, one repository.
 * Deleting a Subject removes its downstream rows in the same transaction.
 */
import { and, eq, getTableName, sql } from "drizzle-orm";
import { pageOf } from "../list-page.ts";
import { pageRows } from "./list-rows.ts";
import { SUBJECT_TABLES as TABLES } from "./schema.ts";
import type { SqliteKernel } from "./kernel.ts";
import type { Db } from "./client.ts";
import type { IdempotencyCompletion } from "../types.ts";
import type { ListPage, ListQuery, SubjectKind, SubjectRow, SubjectStore } from "../storage.ts";

/** Hooks run inside a Subject's delete transaction (e.g. removing its Responses). */
export type DownstreamDelete = (db: Db, appId: string, subjectId: string) => void;

export class SubjectRepository implements SubjectStore {
  private readonly downstream: DownstreamDelete[] = [];

  constructor(
    private readonly store: SqliteKernel,
    private readonly kind: SubjectKind,
  ) {}

  /** Reads and inserts run on every request of their kind: prepared once, on first use. */
  private prepared?: ReturnType<SubjectRepository["prepare"]>;
  private get statements() {
    return (this.prepared ??= this.prepare());
  }

  private prepare() {
    const table = TABLES[this.kind];
    return {
      get: this.store.db
        .select({ record: table.record })
        .from(table)
        .where(and(eq(table.id, sql.placeholder("id")), eq(table.appId, sql.placeholder("appId"))))
        .prepare(),
      // Plain bun:sqlite for the hottest insert of the service (see the idempotency record's insert).
      insert: this.store.sqlite.prepare<never, [Record<keyof SubjectRow, string | number | null>]>(
        `INSERT INTO ${getTableName(table)} (id, app_id, end_user_id, created_at, record) VALUES ($id, $appId, $endUserId, $createdAt, $record)`,
      ),
    };
  }

  /** Registers data that must vanish with the Subject. */
  onDelete(hook: DownstreamDelete): void {
    this.downstream.push(hook);
  }

  async insert(row: SubjectRow, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically(() => this.statements.insert.run({ ...row, record: this.store.fragments.compact(row.record) }), completion);
  }

  /** The stored JSON of a Subject of this App, or null (another App's id reads as missing). */
  async get(appId: string, id: string): Promise<string | null> {
    const stored = this.statements.get.get({ id, appId })?.record;
    return stored === undefined ? null : this.store.expandRecord(stored);
  }

  /** A page of the App's Subjects of this kind, newest first. */
  async list(appId: string, q: ListQuery): Promise<ListPage> {
    const rows = pageRows(this.store.db, TABLES[this.kind], appId, q);
    return pageOf(q, await Promise.all(rows.map((r) => this.store.expandRecord(r.record))));
  }

  /** @returns false when no such Subject exists in the App */
  async delete(appId: string, id: string, completion?: IdempotencyCompletion): Promise<boolean> {
    const table = TABLES[this.kind];
    return this.store.atomically((db) => {
      const deleted = db.delete(table).where(and(eq(table.id, id), eq(table.appId, appId))).run() as unknown as { changes: number };
      if (deleted.changes === 0) return false;
      this.store.forgetIdempotencyOf(db, appId, [id]);
      for (const hook of this.downstream) hook(db, appId, id);
      return true;
    }, completion);
  }
}

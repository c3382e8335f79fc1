/**
 * Storage of immutable Subjects (charts, casts, Plans): one row shape, one repository.
 * Deleting a Subject removes its downstream rows in the same transaction.
 */
import type { IdempotencyCompletion } from "../types.ts";
import type { ListPage, ListQuery, SubjectRow, SubjectStore } from "../storage.ts";
import { listConditionsSql, pageOf, readsUpwards } from "../list-page.ts";
import type { PostgresKernel, Tx } from "./kernel.ts";

/** Hooks run inside a Subject's delete transaction (e.g. removing its Responses). */
export type DownstreamDelete = (tx: Tx, appId: string, subjectId: string) => Promise<void>;

export class PostgresSubjectStore implements SubjectStore {
  private readonly downstream: DownstreamDelete[] = [];

  constructor(
    private readonly store: PostgresKernel,
    /** "charts" | "casts" | "plans" */
    readonly table: string,
  ) {}

  /** Registers data that must vanish with the Subject. */
  onDelete(hook: DownstreamDelete): void {
    this.downstream.push(hook);
  }

  /** With its idempotent answer, one statement (no BEGIN … COMMIT: a creation's hot path). */
  async insert(row: SubjectRow, completion?: IdempotencyCompletion): Promise<void> {
    const stored = { ...row, record: this.store.fragments.compact(row.record) };
    if (completion) return this.store.insertSubjectCompleting(this.table, stored, completion);
    await this.store.sql`INSERT INTO ${this.store.sql(this.table)} (id, app_id, end_user_id, created_at, record) VALUES (${row.id}, ${row.appId}, ${row.endUserId}, ${row.createdAt}, ${stored.record})`;
  }

  /** The stored JSON of a Subject of this App, or null (another App's id reads as missing). */
  async get(appId: string, id: string): Promise<string | null> {
    const [row] = await this.store.sql`SELECT record FROM ${this.store.sql(this.table)} WHERE id = ${id} AND app_id = ${appId}`;
    return row ? this.store.expandRecord(row.record) : null;
  }

  /** A page of the App's Subjects of this kind, newest first (each condition only when asked: see list-page.ts). */
  async list(appId: string, q: ListQuery): Promise<ListPage> {
    const where = listConditionsSql(q, 2);
    const rows = await this.store.sql.unsafe(
      `SELECT record FROM ${this.table} WHERE app_id = $1${where.sql} ORDER BY id ${readsUpwards(q) ? "ASC" : "DESC"} LIMIT ${q.limit + 1}`,
      [appId, ...where.values],
    );
    return pageOf(q, await Promise.all(rows.map((r: { record: string }) => this.store.expandRecord(r.record))));
  }

  /**
   * @returns false when no such Subject exists in the App. Deleting the row locks it first,
   * so a Session being created on this Plan (which holds it FOR KEY SHARE) commits before
   * the cascade below reads what to delete, or finds the Plan gone.
   */
  async delete(appId: string, id: string, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.store.atomically(async (tx) => {
      const deleted = await tx`DELETE FROM ${tx(this.table)} WHERE id = ${id} AND app_id = ${appId}`;
      if (deleted.affectedRows === 0) return false;
      await this.store.forgetIdempotencyOf(tx, appId, [id]);
      for (const hook of this.downstream) await hook(tx, appId, id);
      return true;
    }, completion);
  }
}

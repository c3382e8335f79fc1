/**
 * What the SQLite repositories need of their store, which implements it: the connection, one
 * write transaction carrying the idempotent answer, record fragments, and the bookkeeping a
 * business write does inside its transaction. Repositories depend on this, not on the store that
 * builds them, so no import runs back up.
 */
import type { Database } from "bun:sqlite";
import type { Db } from "./client.ts";
import type { RecordFragments } from "../record-fragments.ts";
import type { IdempotencyCompletion } from "../types.ts";

export interface SqliteKernel {
  readonly db: Db;
  readonly sqlite: Database;
  readonly fragments: RecordFragments;
  /** Runs `work` in one transaction with the idempotency completion (a write and its stored answer land together). */
  atomically<T>(work: (db: Db) => T, completion?: IdempotencyCompletion): Promise<T>;
  /** A stored record as answered (its fragment references replaced). */
  expandRecord(stored: string): Promise<string>;
  /** True when the Subject (by its id's prefix) exists in the App; synchronous, to run inside a write. */
  subjectExists(appId: string, subjectId: string): boolean;
  /** Turns the stored answers of these resources into tombstones; inside the deleting transaction. */
  forgetIdempotencyOf(db: Db, appId: string, resourceIds: string[]): void;
  /** Adds billing units inside a write; throws MonthlyQuotaExhausted past `quota`. */
  addBillingUnits(db: Db, appId: string, month: string, units: number, quota?: number): void;
}

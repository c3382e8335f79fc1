/**
 * What the PostgreSQL repositories need of their store, which implements it: the pool, one
 * transaction carrying the idempotent answer, record fragments, and the bookkeeping a business
 * write does inside its transaction. Repositories depend on this, not on the store that builds
 * them, so no import runs back up.
 */
import type { SQL } from "bun";
import type { RecordFragments } from "../record-fragments.ts";
import type { IdempotencyCompletion } from "../types.ts";
import type { SubjectRow } from "../storage.ts";

/** A client to run statements on: the pool, or a transaction's own connection. */
export type Tx = SQL;

export interface PostgresKernel {
  readonly sql: SQL;
  readonly fragments: RecordFragments;
  /** Runs `work` in one transaction with the idempotency completion (a write and its stored answer land together). */
  atomically<T>(work: (tx: Tx) => Promise<T>, completion?: IdempotencyCompletion): Promise<T>;
  /** A stored record as answered (its fragment references replaced). */
  expandRecord(stored: string): Promise<string>;
  /** Turns the stored answers of these resources into tombstones; inside the deleting transaction. */
  forgetIdempotencyOf(tx: Tx, appId: string, resourceIds: string[]): Promise<void>;
  /** A Subject's row and its idempotent answer in one statement; throws IdempotencyClaimLost (nothing written) when the claim is gone. */
  insertSubjectCompleting(table: string, row: SubjectRow, completion: IdempotencyCompletion): Promise<void>;
}

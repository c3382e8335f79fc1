/**
 * Idempotency-Key claims and stored answers on SQLite. A claim is never written: it is held in
 * memory, and the stored record is inserted once, with the final answer, in the same transaction
 * as the business write (writeCompletion). That saves a write and a commit per request, and a
 * process that dies leaves no claim behind, so a retry after a crash runs at once. One process
 * serves a database file; should a second one ever race on the same key, the primary key of
 * idempotency_records still lets only one answer commit.
 */
import type { Database } from "bun:sqlite";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { idempotencyRecords, SUBJECT_TABLES } from "./schema.ts";
import type { Db } from "./client.ts";
import type { WriteBatch } from "./write-batch.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";
import { subjectKindOf } from "../../subjects.ts";
import type { IdempotencyStore } from "../storage.ts";
import { IdempotencyClaimLost, type ClaimResult, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyRecord } from "../types.ts";

/** bun:sqlite's run() returns {changes} at run time; drizzle types it as void. */
const changes = (result: unknown) => result as { changes: number };

/** The Subject table (whose `record` is a resource's complete answer) an id belongs to by its prefix, or undefined. */
export const recordTableOf = (id: string) => {
  const kind = subjectKindOf(id);
  return kind && SUBJECT_TABLES[kind];
};

const claimSlot = (appId: string, key: string) => `${appId}\u0000${key}`;

export class SqliteIdempotencyStore implements IdempotencyStore {
  /** Claims of requests running now, by App and key; `replaces`, the stored record a takeover replaces. */
  private readonly claims = new Map<string, IdempotencyRecord & { replaces: string | null }>();

  constructor(
    private readonly db: Db,
    private readonly sqlite: Database,
    private readonly writes: WriteBatch,
    private readonly expandRecord: (stored: string) => Promise<string>,
  ) {}

  /** Prepared once, after migrations: these run on every idempotent request. */
  private hot?: ReturnType<SqliteIdempotencyStore["prepare"]>;
  private get statements() {
    return (this.hot ??= this.prepare());
  }

  private prepare() {
    const idem = idempotencyRecords;
    return {
      // Plain bun:sqlite, not drizzle's prepared insert: this runs once per write of the service,
      // and drizzle maps every placeholder on each run (≈ 1–2 µs of a ~100 µs chart creation).
      record: this.sqlite.prepare<never, [Record<string, string | number | null>]>(
        `INSERT INTO idempotency_records (app_id, key, fingerprint, state, status, body, request_id, created_at, expires_at, locked_until, resource_id)
         VALUES ($appId, $key, $fingerprint, 'completed', $status, $body, $requestId, $createdAt, $expiresAt, $lockedUntil, $resourceId)`,
      ),
      forgetReplaced: this.db
        .delete(idem)
        .where(and(eq(idem.appId, sql.placeholder("appId")), eq(idem.key, sql.placeholder("key")), eq(idem.requestId, sql.placeholder("requestId"))))
        .prepare(),
      existing: this.db
        .select()
        .from(idem)
        .where(and(eq(idem.appId, sql.placeholder("appId")), eq(idem.key, sql.placeholder("key"))))
        .prepare(),
    };
  }

  /**
   * Claims (app, key). An expired record, or a claim whose lock ran out (its
   * request hangs), is taken over; otherwise the existing record is returned.
   */
  async claim(c: IdempotencyClaim): Promise<ClaimResult> {
    const slot = claimSlot(c.appId, c.key);
    const held = this.claims.get(slot);
    let replaces: string | null;
    if (held) {
      const abandoned = held.lockedUntil <= c.now && held.fingerprint === c.fingerprint;
      if (!abandoned) return { kind: "existing", record: held };
      replaces = held.replaces;
    } else {
      const stored = this.statements.existing.get({ appId: c.appId, key: c.key }) as IdempotencyRecord | undefined;
      // An in-progress row can only come from a version that wrote its claims; it is abandoned by now.
      const abandoned = stored?.state === "in_progress" && stored.lockedUntil <= c.now && stored.fingerprint === c.fingerprint;
      if (stored && stored.expiresAt > c.now && !abandoned) return { kind: "existing", record: stored };
      replaces = stored?.requestId ?? null;
    }
    this.claims.set(slot, {
      appId: c.appId,
      key: c.key,
      fingerprint: c.fingerprint,
      state: "in_progress",
      status: null,
      body: null,
      requestId: c.requestId,
      createdAt: c.now,
      expiresAt: c.now + c.ttlMs,
      lockedUntil: c.now + c.lockMs,
      resourceId: null,
      replaces,
    });
    return { kind: "claimed" };
  }

  async complete(completion: IdempotencyCompletion): Promise<void> {
    await this.settling(completion, this.writes.run(() => this.writeCompletion(completion)));
  }

  async release(appId: string, key: string, requestId: string): Promise<void> {
    const slot = claimSlot(appId, key);
    if (this.claims.get(slot)?.requestId === requestId) this.claims.delete(slot);
  }

  /**
   * Drops the claim once its answer is committed. A failed write keeps it: the
   * caller then stores an error answer with it or releases it.
   */
  async settling<T>(completion: IdempotencyCompletion | undefined, committing: Promise<T>): Promise<T> {
    const result = await committing;
    if (completion) await this.release(completion.appId, completion.key, completion.requestId);
    return result;
  }

  async storedRecord(appId: string, resourceId: string): Promise<string | null> {
    const table = recordTableOf(resourceId);
    if (!table) return null;
    const row = this.db.select({ record: table.record }).from(table).where(and(eq(table.id, resourceId), eq(table.appId, appId))).get();
    return row ? this.expandRecord(row.record) : null;
  }

  /**
   * Turns the idempotency records that answer with (or copy) these resources into tombstones
   * (idempotency-tombstone.ts): their answer becomes a 404 saying the resource was deleted, and
   * nothing of it is kept. Call inside the transaction that hard-deletes them: a retry with such a
   * key then does not create the resource again.
   */
  forgetOf(db: Db, appId: string, resourceIds: string[]): void {
    if (resourceIds.length === 0) return;
    db.update(idempotencyRecords)
      .set({ status: TOMBSTONE_STATUS, body: sql`${TOMBSTONE_BODY.head} || ${idempotencyRecords.requestId} || ${TOMBSTONE_BODY.tail}`, resourceId: null })
      .where(and(eq(idempotencyRecords.appId, appId), inArray(idempotencyRecords.resourceId, resourceIds)))
      .run();
  }

  async purgeExpired(now: number): Promise<number> {
    // Claims are released when their request ends; this only guards against a leak.
    for (const [slot, claim] of this.claims) if (claim.lockedUntil <= now) this.claims.delete(slot);
    return changes(this.db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now)).run()).changes;
  }

  async get(appId: string, key: string): Promise<IdempotencyRecord | null> {
    const row = this.statements.existing.get({ appId, key }) as IdempotencyRecord | undefined;
    if (row) return row;
    const claim = this.claims.get(claimSlot(appId, key));
    if (!claim) return null;
    const { replaces: _, ...record } = claim;
    return record;
  }

  /**
   * Inserts the stored record of a claimed request. The prepared statements run
   * on the one connection, so inside a write transaction they join it.
   * @throws IdempotencyClaimLost when the claim was taken over (its lock ran out): the caller's writes roll back
   */
  writeCompletion(c: IdempotencyCompletion): void {
    const claim = this.claims.get(claimSlot(c.appId, c.key));
    if (claim?.requestId !== c.requestId) throw new IdempotencyClaimLost(c.key);
    if (claim.replaces !== null) this.statements.forgetReplaced.run({ appId: c.appId, key: c.key, requestId: claim.replaces });
    const byReference = c.resourceId !== undefined;
    try {
      this.statements.record.run({
        appId: c.appId,
        key: c.key,
        fingerprint: claim.fingerprint,
        status: c.status,
        body: byReference ? null : c.body,
        requestId: c.requestId,
        createdAt: claim.createdAt,
        expiresAt: claim.expiresAt,
        lockedUntil: claim.lockedUntil,
        resourceId: c.resourceId ?? c.ownerId ?? null,
      });
    } catch (error) {
      // Another process sharing the file answered this key first.
      if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) throw new IdempotencyClaimLost(c.key);
      throw error;
    }
  }
}

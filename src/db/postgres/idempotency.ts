/**
 * Idempotency-Key claims and stored answers on PostgreSQL, for several instances: a claim is a row
 * (state 'in_progress', `locked_until`), inserted with ON CONFLICT so exactly one request in any
 * instance holds a key; the completion updates that row inside the business transaction, and finds
 * it gone or taken over → IdempotencyClaimLost, and the transaction rolls back.
 *
 * A claim left to the write (IdempotencyClaim.inWrite: a Subject's creation) writes no row: it is
 * kept in this instance's memory, and the write inserts the stored answer with ON CONFLICT DO
 * NOTHING in its own statement, so a creation is one round trip and one row version. Two requests
 * on one key may then both run; the primary key lets one answer in, and the other's write finds
 * the key taken (IdempotencyKeyTaken, nothing written) and claims it again, which replays it.
 */
import type { SQL } from "bun";
import { num, type Row } from "./apps.ts";
import type { Tx } from "./kernel.ts";
import { subjectTableOf } from "./tables.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";
import type { IdempotencyStore, SubjectRow } from "../storage.ts";
import { IdempotencyClaimLost, IdempotencyKeyTaken, type ClaimResult, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyRecord } from "../types.ts";

function toIdempotency(r: Row): IdempotencyRecord {
  return {
    appId: r.app_id,
    key: r.key,
    fingerprint: r.fingerprint,
    state: r.state,
    status: r.status,
    body: r.body,
    requestId: r.request_id,
    createdAt: num(r.created_at),
    expiresAt: num(r.expires_at),
    lockedUntil: num(r.locked_until),
    resourceId: r.resource_id,
  };
}

/** The condition on idempotency_records that finds this request's claim, while it is still in progress. */
const stillThisRequests = (sql: Tx, c: IdempotencyCompletion) =>
  sql`app_id = ${c.appId} AND key = ${c.key} AND request_id = ${c.requestId} AND state = 'in_progress'`;

/** What a completion stores: the answer's text, or none when it is the resource's record; and the resource it belongs to. */
const storedAnswer = (c: IdempotencyCompletion) => ({ body: c.resourceId !== undefined ? null : c.body, resourceId: c.resourceId ?? c.ownerId ?? null });

/**
 * The statement that turns this request's claim into its stored answer: one row when the claim is
 * still this request's, none when it was taken over or purged. Run alone, or as a fragment of a
 * larger statement that writes what the answer is about; it ends in its WHERE clause, so that
 * statement may add conditions (`AND …`).
 */
export function completingClaim(sql: Tx, c: IdempotencyCompletion) {
  const { body, resourceId } = storedAnswer(c);
  return sql`
    UPDATE idempotency_records SET state = 'completed', status = ${c.status}, body = ${body}, resource_id = ${resourceId}
    WHERE ${stillThisRequests(sql, c)}`;
}

/** The query that locks this request's claim (FOR UPDATE) while it is still in progress: one row, or none. */
export function holdingClaim(sql: Tx, c: IdempotencyCompletion) {
  return sql`SELECT 1 FROM idempotency_records WHERE ${stillThisRequests(sql, c)} FOR UPDATE`;
}

/** A claim left to its request's write: what that write stores with the answer. */
interface ClaimInWrite {
  fingerprint: string;
  createdAt: number;
  expiresAt: number;
  lockedUntil: number;
}

/** The statement fragment that inserts a claim-in-write's stored answer, or nothing when the key has a row already. */
function insertingAnswer(sql: Tx, c: IdempotencyCompletion, claim: ClaimInWrite) {
  const { body, resourceId } = storedAnswer(c);
  return sql`
    INSERT INTO idempotency_records (app_id, key, fingerprint, state, status, body, request_id, created_at, expires_at, locked_until, resource_id)
    VALUES (${c.appId}, ${c.key}, ${claim.fingerprint}, 'completed', ${c.status}, ${body}, ${c.requestId},
            ${claim.createdAt}, ${claim.expiresAt}, ${claim.lockedUntil}, ${resourceId})
    ON CONFLICT (app_id, key) DO NOTHING`;
}

export class PostgresIdempotencyStore implements IdempotencyStore {
  /** Claims left to their request's write, by request id (two requests on one key each keep theirs). */
  private readonly claimsInWrite = new Map<string, ClaimInWrite>();

  constructor(
    private readonly sql: SQL,
    private readonly expandRecord: (stored: string) => Promise<string>,
  ) {}

  /**
   * Claims (App, key) for one request in any instance: an in-progress row is
   * inserted, or an expired record / an abandoned claim (lock ran out, same
   * request) is taken over, in one statement; otherwise the existing row is
   * returned. Concurrent claims on one key wait on its row and only one wins.
   */
  async claim(c: IdempotencyClaim): Promise<ClaimResult> {
    if (c.inWrite) {
      this.claimsInWrite.set(c.requestId, { fingerprint: c.fingerprint, createdAt: c.now, expiresAt: c.now + c.ttlMs, lockedUntil: c.now + c.lockMs });
      return { kind: "claimed", inWrite: true };
    }
    // A row that vanishes between the two statements (released, purged) is claimed on the next turn.
    for (let attempt = 0; attempt < 5; attempt++) {
      const claimed = await this.sql`
        INSERT INTO idempotency_records AS r (app_id, key, fingerprint, state, status, body, request_id, created_at, expires_at, locked_until, resource_id)
        VALUES (${c.appId}, ${c.key}, ${c.fingerprint}, 'in_progress', NULL, NULL, ${c.requestId}, ${c.now}, ${c.now + c.ttlMs}, ${c.now + c.lockMs}, NULL)
        ON CONFLICT (app_id, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, state = 'in_progress', status = NULL, body = NULL, request_id = EXCLUDED.request_id,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, locked_until = EXCLUDED.locked_until, resource_id = NULL
        WHERE r.expires_at <= ${c.now}
          OR (r.state = 'in_progress' AND r.locked_until <= ${c.now} AND r.fingerprint = EXCLUDED.fingerprint)
        RETURNING r.request_id`;
      if (claimed.length === 1) return { kind: "claimed" };
      const existing = await this.get(c.appId, c.key);
      if (existing) return { kind: "existing", record: existing };
    }
    throw new Error(`could not claim Idempotency-Key "${c.key}": its record kept changing`);
  }

  /** Stores a final answer that has no business write of its own (e.g. a replayable 404). */
  async complete(completion: IdempotencyCompletion): Promise<void> {
    await this.writeCompletion(this.sql, completion);
  }

  /** Forgets a claim whose request must run again on retry (5xx, 503/504): only this request's, only while in progress. */
  async release(appId: string, key: string, requestId: string): Promise<void> {
    if (this.claimsInWrite.delete(requestId)) return;
    await this.sql`DELETE FROM idempotency_records WHERE app_id = ${appId} AND key = ${key} AND request_id = ${requestId} AND state = 'in_progress'`;
  }

  /**
   * Turns this request's claim into its stored answer; call inside the business
   * write's transaction (`tx`).
   * @throws IdempotencyClaimLost when the claim is no longer this request's (taken over after its lock ran out, or purged): the caller's writes roll back
   */
  async writeCompletion(tx: Tx, c: IdempotencyCompletion): Promise<void> {
    const result = await this.storingAnswer(tx, c);
    this.settle(c, result.affectedRows);
  }

  /** The fragment that stores this request's answer: completing its claim's row, or inserting it for a claim left to the write. */
  private storingAnswer(sql: Tx, c: IdempotencyCompletion) {
    const inWrite = this.claimsInWrite.get(c.requestId);
    return inWrite ? insertingAnswer(sql, c, inWrite) : completingClaim(sql, c);
  }

  /**
   * After the statement that stored the answer (one row) or found no claim (none): forgets a claim
   * left to the write, and throws when nothing was stored. A failed statement keeps the claim, so
   * the request can still store its error answer with it or release it.
   * @throws IdempotencyKeyTaken for a claim left to the write; IdempotencyClaimLost for a claim's row taken over or purged
   */
  private settle(c: IdempotencyCompletion, storedRows: number): void {
    const inWrite = this.claimsInWrite.delete(c.requestId);
    if (storedRows === 1) return;
    throw inWrite ? new IdempotencyKeyTaken(c.key) : new IdempotencyClaimLost(c.key);
  }

  /**
   * Stores a Subject's row and its claim's answer in one statement (one round trip, atomic as a
   * transaction): the claim is completed in a CTE and the row inserted only if it was still this
   * request's. `table` is one of the Subject tables (tables.ts), never input.
   * @throws IdempotencyClaimLost when the claim is no longer this request's, IdempotencyKeyTaken when a claim left to this write finds the key stored: nothing is written
   */
  async insertCompleting(table: string, row: SubjectRow, c: IdempotencyCompletion): Promise<void> {
    const result = await this.sql`
      WITH claim AS (${this.storingAnswer(this.sql, c)} RETURNING 1)
      INSERT INTO ${this.sql(table)} (id, app_id, end_user_id, created_at, record)
      SELECT ${row.id}, ${row.appId}, ${row.endUserId}, ${row.createdAt}, ${row.record} FROM claim`;
    this.settle(c, result.affectedRows);
  }

  /** The stored record an idempotent answer refers to (see IdempotencyCompletion.resourceId), or null. */
  async storedRecord(appId: string, resourceId: string): Promise<string | null> {
    const table = subjectTableOf(resourceId);
    if (!table) return null;
    const [row] = await this.sql`SELECT record FROM ${this.sql(table)} WHERE id = ${resourceId} AND app_id = ${appId}`;
    return row ? this.expandRecord(row.record) : null;
  }

  /**
   * Turns the idempotency records that answer with (or copy) these resources into tombstones
   * (idempotency-tombstone.ts); call inside the transaction that hard-deletes them.
   */
  async forgetOf(tx: Tx, appId: string, resourceIds: string[]): Promise<void> {
    if (resourceIds.length === 0) return;
    await tx`
      UPDATE idempotency_records SET status = ${TOMBSTONE_STATUS}, body = ${TOMBSTONE_BODY.head} || request_id || ${TOMBSTONE_BODY.tail}, resource_id = NULL
      WHERE app_id = ${appId} AND resource_id = ANY(${tx.array(resourceIds, "TEXT")})`;
  }

  /**
   * Expired records, and claims whose lock ran out (as the SQLite backend forgets them): a
   * request that still runs past its lock then cannot store its answer (IdempotencyClaimLost).
   */
  async purgeExpired(now: number): Promise<number> {
    // Claims left to a write end with their request; this only guards against a leak.
    for (const [requestId, claim] of this.claimsInWrite) if (claim.lockedUntil <= now) this.claimsInWrite.delete(requestId);
    const result = await this.sql`
      DELETE FROM idempotency_records WHERE expires_at < ${now} OR (state = 'in_progress' AND locked_until <= ${now})`;
    return result.affectedRows;
  }

  /** The record for (App, key): a stored answer, or the claim of a request running now; else null. */
  async get(appId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await this.sql`SELECT * FROM idempotency_records WHERE app_id = ${appId} AND key = ${key}`;
    return row ? toIdempotency(row) : null;
  }
}

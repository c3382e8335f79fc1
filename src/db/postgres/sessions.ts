/**
 * Storage of Healing Sessions, their events and checkouts (Plans are Subjects:
 * subjects.ts), as ../sqlite/healing.ts stores them. Other instances write at the
 * same time, so each guarded write first locks the row its guard depends on and
 * re-checks the guard in the transaction:
 *
 * - an event locks its Session (FOR UPDATE), so appends to one Session run one
 *   after the other in every instance: the max(seq) guard then sees the last one
 *   and no transition is lost or reordered;
 * - a checkout locks its Session the same way, and the checkouts primary key keeps
 *   it to one (ON CONFLICT DO NOTHING);
 * - a Session holds its Plan FOR KEY SHARE while it is created, so a concurrent
 *   Plan delete either waits and then deletes the new Session too, or has already
 *   removed the Plan, and the creation reports false.
 *
 * A failed guard rolls the write (and its idempotent answer) back and reports false.
 */
import type { CheckoutRow, EventAppend, ListPage, ListQuery, SessionRow, SessionStore, StoredSession } from "../storage.ts";
import { listConditionsSql, pageOf, readsUpwards } from "../list-page.ts";
import type { IdempotencyCompletion } from "../types.ts";
import { committedUnlessGuardFailed, GuardFailed } from "../guard.ts";
import type { DownstreamDelete } from "./subjects.ts";
import type { PostgresKernel, Tx } from "./kernel.ts";

/**
 * A Session with its events in order and its checkout, in one statement. The conditions after it
 * name the Session's own columns (the only table of the outer FROM).
 */
const SESSION_WITH_EVENTS = `
  SELECT s.*,
    ARRAY(SELECT e.record FROM session_events e WHERE e.session_id = s.id ORDER BY e.seq) AS events,
    (SELECT c.record FROM checkouts c WHERE c.session_id = s.id) AS checkout
  FROM sessions s`;

/** A row of SESSION_WITH_EVENTS (Bun.SQL rows are untyped). */
function storedSession(row: Record<string, any>): StoredSession {
  return {
    id: row.id,
    appId: row.app_id,
    planId: row.plan_id,
    endUserId: row.end_user_id,
    state: row.state,
    elapsedSeconds: Number(row.elapsed_seconds),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    record: row.record,
    events: row.events as string[],
    checkout: row.checkout ?? null,
  };
}

export class PostgresSessionStore implements SessionStore {
  constructor(private readonly store: PostgresKernel) {}

  /**
   * Runs `work` atomically with the idempotent answer, which is marked as the Session's so that
   * deleting the Session forgets it; false (and nothing written) when `work` says its guard failed.
   */
  private guarded(sessionId: string, work: (tx: Tx) => Promise<boolean>, completion?: IdempotencyCompletion): Promise<boolean> {
    const write = this.store.atomically(async (tx) => {
      if (!(await work(tx))) throw new GuardFailed();
    }, completion && { ...completion, ownerId: sessionId });
    return committedUnlessGuardFailed(write);
  }

  /**
   * Locks the Session until COMMIT (every append and the checkout of one Session, in any instance,
   * run one at a time); false when it does not exist in the App.
   */
  private async lockSession(tx: Tx, appId: string, sessionId: string): Promise<boolean> {
    const session = await tx`SELECT id FROM sessions WHERE id = ${sessionId} AND app_id = ${appId} FOR UPDATE`;
    return session.length > 0;
  }

  /** @returns false when the Plan no longer exists in the App (deleted meanwhile) */
  async insertSession(row: SessionRow, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(
      row.id,
      async (tx) => {
        const plan = await tx`SELECT id FROM plans WHERE id = ${row.planId} AND app_id = ${row.appId} FOR KEY SHARE`;
        if (plan.length === 0) return false;
        await tx`
          INSERT INTO sessions (id, app_id, plan_id, end_user_id, state, elapsed_seconds, created_at, updated_at, record)
          VALUES (${row.id}, ${row.appId}, ${row.planId}, ${row.endUserId}, ${row.state}, ${row.elapsedSeconds}, ${row.createdAt}, ${row.updatedAt}, ${row.record})`;
        return true;
      },
      completion,
    );
  }

  /**
   * The Session of this App with its events and checkout, or null (another App's id reads as
   * missing). One statement, so the state, the events and the checkout come from one snapshot.
   */
  async getSession(appId: string, id: string): Promise<StoredSession | null> {
    const [row] = await this.store.sql.unsafe(`${SESSION_WITH_EVENTS} WHERE s.id = $1 AND s.app_id = $2`, [id, appId]);
    return row ? storedSession(row) : null;
  }

  /** A page of the App's Sessions, newest first, in one statement (one snapshot) like getSession. */
  async listSessions(appId: string, q: ListQuery): Promise<ListPage<StoredSession>> {
    const where = listConditionsSql(q, 2);
    const rows = await this.store.sql.unsafe(
      `${SESSION_WITH_EVENTS} WHERE s.app_id = $1${where.sql} ORDER BY s.id ${readsUpwards(q) ? "ASC" : "DESC"} LIMIT ${q.limit + 1}`,
      [appId, ...where.values],
    );
    return pageOf(q, rows.map(storedSession));
  }

  /** @returns false when the Session is gone or another event was stored since the handler read it */
  async appendEvent(e: EventAppend, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(
      e.sessionId,
      async (tx) => {
        if (!(await this.lockSession(tx, e.appId, e.sessionId))) return false;
        const [last] = await tx`SELECT COALESCE(max(seq), 0) AS seq FROM session_events WHERE session_id = ${e.sessionId}`;
        if (Number(last.seq) !== e.seq - 1) return false;
        await tx`INSERT INTO session_events (session_id, seq, client_event_id, record) VALUES (${e.sessionId}, ${e.seq}, ${e.clientEventId}, ${e.record})`;
        await tx`UPDATE sessions SET state = ${e.state}, elapsed_seconds = ${e.elapsedSeconds}, updated_at = ${e.updatedAt} WHERE id = ${e.sessionId} AND app_id = ${e.appId}`;
        return true;
      },
      completion,
    );
  }

  /** @returns false when the Session is gone or already has its checkout */
  async insertCheckout(row: CheckoutRow, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(
      row.sessionId,
      async (tx) => {
        if (!(await this.lockSession(tx, row.appId, row.sessionId))) return false;
        const inserted = await tx`
          INSERT INTO checkouts (session_id, app_id, created_at, record) VALUES (${row.sessionId}, ${row.appId}, ${row.createdAt}, ${row.record})
          ON CONFLICT (session_id) DO NOTHING`;
        return inserted.affectedRows === 1;
      },
      completion,
    );
  }

  /**
   * The Plan-delete cascade, in the Plan's transaction: its Sessions with their events and
   * checkouts, and the idempotent answers that hold copies of them. The Sessions are locked
   * first, so an event or checkout being written to one of them commits before they are read.
   */
  readonly deleteForPlan: DownstreamDelete = async (tx, appId, planId) => {
    const ids = (await tx`SELECT id FROM sessions WHERE app_id = ${appId} AND plan_id = ${planId} FOR UPDATE`).map((r: { id: string }) => r.id);
    if (ids.length === 0) return;
    const sessionIds = tx.array(ids, "TEXT");
    await tx`DELETE FROM checkouts WHERE session_id = ANY(${sessionIds})`;
    await tx`DELETE FROM session_events WHERE session_id = ANY(${sessionIds})`;
    await tx`DELETE FROM sessions WHERE app_id = ${appId} AND plan_id = ${planId}`;
    await this.store.forgetIdempotencyOf(tx, appId, ids);
  };
}

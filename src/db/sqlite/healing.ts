/**
 * Storage of Healing Sessions, their events and checkouts (Plans are Subjects: subjects.ts).
 * A Session row carries the moving state; each accepted event and the one checkout are rows of
 * their own holding the JSON they were answered with.
 *
 * Writes are guarded inside their transaction, because a handler decides on what it read and
 * commits a little later: another request may have appended an event, submitted the checkout
 * or deleted the Plan in between. A failed guard rolls the write (and its idempotent answer)
 * back and reports `false`, and the route answers from a fresh read.
 *
 * The idempotent answers of Session requests are copies of Session data, so each is marked as
 * its Session's (`ownerId`) and forgotten when the Plan's delete removes the Session.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { checkouts, plans, sessionEvents, sessions } from "./schema.ts";
import type { Db } from "./client.ts";
import type { SqliteStore } from "./store.ts";
import type { CheckoutRow, EventAppend, SessionRow, SessionStore, StoredSession } from "../storage.ts";
import type { DownstreamDelete } from "./subjects.ts";
import type { IdempotencyCompletion } from "../types.ts";

/** Thrown inside a transaction to roll it back when a guard fails; never leaves this module. */
class GuardFailed extends Error {}

export class SqliteSessionStore implements SessionStore {
  constructor(private readonly store: SqliteStore) {}

  /**
   * Runs `work` atomically with the idempotent answer, which is marked as the Session's so that
   * deleting the Session forgets it; false (and nothing written) when `work` says its guard failed.
   */
  private async guarded(sessionId: string, work: (db: Db) => boolean, completion?: IdempotencyCompletion): Promise<boolean> {
    try {
      await this.store.atomically((db) => {
        if (!work(db)) throw new GuardFailed();
      }, completion && { ...completion, ownerId: sessionId });
      return true;
    } catch (err) {
      if (err instanceof GuardFailed) return false;
      throw err;
    }
  }

  /** @returns false when the Plan no longer exists in the App (deleted meanwhile) */
  async insertSession(row: SessionRow, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(row.id, (db) => {
      const plan = db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, row.planId), eq(plans.appId, row.appId))).get();
      if (!plan) return false;
      db.insert(sessions).values(row).run();
      return true;
    }, completion);
  }

  /** The Session of this App with its events and checkout, or null (another App's id reads as missing). */
  async getSession(appId: string, id: string): Promise<StoredSession | null> {
    const row = this.store.db.select().from(sessions).where(and(eq(sessions.id, id), eq(sessions.appId, appId))).get();
    if (!row) return null;
    const events = this.store.db
      .select({ record: sessionEvents.record })
      .from(sessionEvents)
      .where(eq(sessionEvents.sessionId, id))
      .orderBy(asc(sessionEvents.seq))
      .all()
      .map((e) => e.record);
    const checkout = this.store.db.select({ record: checkouts.record }).from(checkouts).where(eq(checkouts.sessionId, id)).get();
    return { ...row, events, checkout: checkout?.record ?? null };
  }

  /** @returns false when the Session is gone or another event was stored since the handler read it */
  async appendEvent(e: EventAppend, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(e.sessionId, (db) => {
      const where = and(eq(sessions.id, e.sessionId), eq(sessions.appId, e.appId));
      if (!db.select({ id: sessions.id }).from(sessions).where(where).get()) return false;
      // max(seq) is one step down the (session_id, seq) key; count(*) would walk every event.
      const last = db.select({ seq: sql<number | null>`max(${sessionEvents.seq})` }).from(sessionEvents).where(eq(sessionEvents.sessionId, e.sessionId)).get()?.seq ?? 0;
      if (last !== e.seq - 1) return false;
      db.insert(sessionEvents).values({ sessionId: e.sessionId, seq: e.seq, clientEventId: e.clientEventId, record: e.record }).run();
      db.update(sessions).set({ state: e.state, elapsedSeconds: e.elapsedSeconds, updatedAt: e.updatedAt }).where(where).run();
      return true;
    }, completion);
  }

  /** @returns false when the Session is gone or already has its checkout */
  async insertCheckout(row: CheckoutRow, completion?: IdempotencyCompletion): Promise<boolean> {
    return this.guarded(row.sessionId, (db) => {
      if (!db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, row.sessionId), eq(sessions.appId, row.appId))).get()) return false;
      const inserted = db.insert(checkouts).values(row).onConflictDoNothing().run() as unknown as { changes: number };
      return inserted.changes === 1;
    }, completion);
  }

  /**
   * The Plan-delete cascade, in the Plan's transaction: its Sessions with their events and
   * checkouts, and the idempotent answers that hold copies of them.
   */
  readonly deleteForPlan: DownstreamDelete = (db, appId, planId) => {
    const ofPlan = and(eq(sessions.appId, appId), eq(sessions.planId, planId));
    const ids = db.select({ id: sessions.id }).from(sessions).where(ofPlan).all().map((r) => r.id);
    if (ids.length === 0) return;
    db.delete(checkouts).where(inArray(checkouts.sessionId, ids)).run();
    db.delete(sessionEvents).where(inArray(sessionEvents.sessionId, ids)).run();
    db.delete(sessions).where(ofPlan).run();
    this.store.forgetIdempotencyOf(db, appId, ids);
  };
}

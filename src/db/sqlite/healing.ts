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
import type { SqliteKernel } from "./kernel.ts";
import type { CheckoutRow, EventAppend, ListPage, ListQuery, SessionRow, SessionStore, StoredSession } from "../storage.ts";
import type { DownstreamDelete } from "./subjects.ts";
import { pageOf } from "../list-page.ts";
import { pageRows } from "./list-rows.ts";
import type { IdempotencyCompletion } from "../types.ts";
import { committedUnlessGuardFailed, GuardFailed } from "../guard.ts";


export class SqliteSessionStore implements SessionStore {
  constructor(private readonly store: SqliteKernel) {}

  /**
   * Runs `work` atomically with the idempotent answer, which is marked as the Session's so that
   * deleting the Session forgets it; false (and nothing written) when `work` says its guard failed.
   */
  private guarded(sessionId: string, work: () => boolean, completion?: IdempotencyCompletion): Promise<boolean> {
    const write = this.store.atomically(() => {
      if (!work()) throw new GuardFailed();
    }, completion && { ...completion, ownerId: sessionId });
    return committedUnlessGuardFailed(write);
  }

  /**
   * Every statement of the Session path, prepared once on first use: building a drizzle
   * query costs more than running it, and a Session's PATCH runs five of them.
   */
  private prepared?: ReturnType<SqliteSessionStore["prepare"]>;
  private get statements() {
    return (this.prepared ??= this.prepare());
  }

  private prepare() {
    const db = this.store.db;
    const p = sql.placeholder;
    const sessionOfApp = and(eq(sessions.id, p("id")), eq(sessions.appId, p("appId")));
    return {
      planOfApp: db.select({ id: plans.id }).from(plans).where(and(eq(plans.id, p("id")), eq(plans.appId, p("appId")))).prepare(),
      session: db.select().from(sessions).where(sessionOfApp).prepare(),
      sessionExists: db.select({ id: sessions.id }).from(sessions).where(sessionOfApp).prepare(),
      events: db.select({ record: sessionEvents.record }).from(sessionEvents).where(eq(sessionEvents.sessionId, p("id"))).orderBy(asc(sessionEvents.seq)).prepare(),
      checkout: db.select({ record: checkouts.record }).from(checkouts).where(eq(checkouts.sessionId, p("id"))).prepare(),
      // max(seq) is one step down the (session_id, seq) key; count(*) would walk every event.
      lastSeq: db.select({ seq: sql<number | null>`max(${sessionEvents.seq})` }).from(sessionEvents).where(eq(sessionEvents.sessionId, p("id"))).prepare(),
      insertSession: db
        .insert(sessions)
        .values({
          id: p("id"),
          appId: p("appId"),
          planId: p("planId"),
          endUserId: p("endUserId"),
          state: p("state"),
          elapsedSeconds: p("elapsedSeconds"),
          createdAt: p("createdAt"),
          updatedAt: p("updatedAt"),
          record: p("record"),
        })
        .prepare(),
      insertEvent: db.insert(sessionEvents).values({ sessionId: p("sessionId"), seq: p("seq"), clientEventId: p("clientEventId"), record: p("record") }).prepare(),
      moveSession: db
        .update(sessions)
        .set({ state: sql`${p("state")}`, elapsedSeconds: sql`${p("elapsedSeconds")}`, updatedAt: sql`${p("updatedAt")}` })
        .where(sessionOfApp)
        .prepare(),
      insertCheckout: db
        .insert(checkouts)
        .values({ sessionId: p("sessionId"), appId: p("appId"), createdAt: p("createdAt"), record: p("record") })
        .onConflictDoNothing()
        .prepare(),
    };
  }

  /** @returns false when the Plan no longer exists in the App (deleted meanwhile) */
  async insertSession(row: SessionRow, completion?: IdempotencyCompletion): Promise<boolean> {
    const s = this.statements;
    return this.guarded(row.id, () => {
      if (!s.planOfApp.get({ id: row.planId, appId: row.appId })) return false;
      s.insertSession.run({ ...row });
      return true;
    }, completion);
  }

  /** The Session of this App with its events and checkout, or null (another App's id reads as missing). */
  async getSession(appId: string, id: string): Promise<StoredSession | null> {
    const s = this.statements;
    const row = s.session.get({ id, appId });
    return row ? this.withEvents(row) : null;
  }

  private withEvents(row: SessionRow): StoredSession {
    const s = this.statements;
    const events = s.events.all({ id: row.id }).map((e) => e.record);
    const checkout = s.checkout.get({ id: row.id });
    return { ...row, events, checkout: checkout?.record ?? null };
  }

  /**
   * A page of the App's Sessions, newest first. Read synchronously, with nothing else of this
   * process in between, so the page and its events are one state of the file.
   */
  async listSessions(appId: string, q: ListQuery): Promise<ListPage<StoredSession>> {
    return pageOf(q, pageRows(this.store.db, sessions, appId, q).map((row) => this.withEvents(row)));
  }

  /** @returns false when the Session is gone or another event was stored since the handler read it */
  async appendEvent(e: EventAppend, completion?: IdempotencyCompletion): Promise<boolean> {
    const s = this.statements;
    return this.guarded(e.sessionId, () => {
      if (!s.sessionExists.get({ id: e.sessionId, appId: e.appId })) return false;
      if ((s.lastSeq.get({ id: e.sessionId })?.seq ?? 0) !== e.seq - 1) return false;
      s.insertEvent.run({ sessionId: e.sessionId, seq: e.seq, clientEventId: e.clientEventId, record: e.record });
      s.moveSession.run({ id: e.sessionId, appId: e.appId, state: e.state, elapsedSeconds: e.elapsedSeconds, updatedAt: e.updatedAt });
      return true;
    }, completion);
  }

  /** @returns false when the Session is gone or already has its checkout */
  async insertCheckout(row: CheckoutRow, completion?: IdempotencyCompletion): Promise<boolean> {
    const s = this.statements;
    return this.guarded(row.sessionId, () => {
      if (!s.sessionExists.get({ id: row.sessionId, appId: row.appId })) return false;
      const inserted = s.insertCheckout.run({ ...row }) as unknown as { changes: number };
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

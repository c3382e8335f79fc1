/**
 * Erasing an end user on SQLite, inside one write transaction (see Storage.eraseEndUser): what
 * belongs to them is found first, then deleted child-first with the same cascade rules as the
 * single deletes, and the stored answers that copied any of it become tombstones.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { casts, charts, checkouts, feedback, idempotencyRecords, plans, responses, sessionEvents, sessions } from "./schema.ts";
import type { Db } from "./client.ts";
import type { ErasureCounts } from "../storage.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";

const changes = (result: unknown) => (result as { changes: number }).changes;

export function eraseEndUserIn(db: Db, appId: string, endUserId: string): ErasureCounts {
  const idsOf = (subjectTable: typeof charts | typeof casts | typeof plans) => {
    const table = subjectTable as typeof charts;
    return db.select({ id: table.id }).from(table).where(and(eq(table.appId, appId), eq(table.endUserId, endUserId))).all().map((r) => r.id);
  };
  const subjectIds = { charts: idsOf(charts), casts: idsOf(casts), plans: idsOf(plans) };
  const subjects = [...subjectIds.charts, ...subjectIds.casts, ...subjectIds.plans];
  // Their Responses and the end user's own on other Subjects; their Sessions and the end user's own on other Plans.
  const responseIds = db
    .select({ id: responses.id })
    .from(responses)
    .where(and(eq(responses.appId, appId), or(eq(responses.endUserId, endUserId), subjects.length ? inArray(responses.subjectId, subjects) : sql`0`)))
    .all()
    .map((r) => r.id);
  const sessionIds = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.appId, appId), or(eq(sessions.endUserId, endUserId), subjectIds.plans.length ? inArray(sessions.planId, subjectIds.plans) : sql`0`)))
    .all()
    .map((r) => r.id);

  const counts: ErasureCounts = { charts: 0, casts: 0, plans: 0, sessions: 0, session_events: 0, checkouts: 0, responses: 0, feedback: 0 };
  if (responseIds.length) {
    counts.feedback = changes(db.delete(feedback).where(and(eq(feedback.appId, appId), inArray(feedback.responseId, responseIds))).run());
    counts.responses = changes(db.delete(responses).where(and(eq(responses.appId, appId), inArray(responses.id, responseIds))).run());
  }
  if (sessionIds.length) {
    counts.checkouts = changes(db.delete(checkouts).where(inArray(checkouts.sessionId, sessionIds)).run());
    counts.session_events = changes(db.delete(sessionEvents).where(inArray(sessionEvents.sessionId, sessionIds)).run());
    counts.sessions = changes(db.delete(sessions).where(and(eq(sessions.appId, appId), inArray(sessions.id, sessionIds))).run());
  }
  for (const [kind, table] of [["charts", charts], ["casts", casts], ["plans", plans]] as const) {
    const ids = subjectIds[kind];
    if (ids.length) counts[kind] = changes(db.delete(table).where(and(eq(table.appId, appId), inArray(table.id, ids))).run());
  }

  // Stored answers: those that refer to an erased resource, and those that copied an erased Response
  // or its feedback while belonging to a Subject that stays (found by the Response's id in the body).
  const tombstone = { status: TOMBSTONE_STATUS, body: sql`${TOMBSTONE_BODY.head} || ${idempotencyRecords.requestId} || ${TOMBSTONE_BODY.tail}`, resourceId: null };
  const erased = [...subjects, ...sessionIds, ...responseIds];
  for (let i = 0; i < erased.length; i += 500) {
    db.update(idempotencyRecords).set(tombstone).where(and(eq(idempotencyRecords.appId, appId), inArray(idempotencyRecords.resourceId, erased.slice(i, i + 500)))).run();
  }
  // One pass over the App's stored answers for all of them, not one per Response.
  if (responseIds.length) {
    const quoted = JSON.stringify(responseIds.map((id) => `"${id}"`));
    db.update(idempotencyRecords)
      .set(tombstone)
      .where(and(eq(idempotencyRecords.appId, appId), sql`EXISTS (SELECT 1 FROM json_each(${quoted}) WHERE instr(${idempotencyRecords.body}, json_each.value) > 0)`))
      .run();
  }
  return counts;
}

/**
 * Erasing an end user on PostgreSQL, in one transaction (see Storage.eraseEndUser and
 * ../sqlite/erasure.ts). The Subjects go first, which locks them as a single delete does (a
 * Response or Session being written on one waits, then finds it gone); the Responses and Sessions
 * are locked in a statement of their own before they are deleted, so feedback, events and
 * checkouts being written on them commit first and the next statement's snapshot sees them.
 */
import type { Tx } from "./kernel.ts";
import type { ErasureCounts } from "../storage.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

export async function eraseEndUserIn(tx: Tx, appId: string, endUserId: string): Promise<ErasureCounts> {
  const subjectsOf = async (table: "charts" | "casts" | "plans") => ids(await tx`DELETE FROM ${tx(table)} WHERE app_id = ${appId} AND end_user_id = ${endUserId} RETURNING id`);
  const [charts, casts, plans] = [await subjectsOf("charts"), await subjectsOf("casts"), await subjectsOf("plans")];
  const subjects = [...charts, ...casts, ...plans];
  const responseIds = ids(await tx`
    SELECT id FROM responses WHERE app_id = ${appId} AND (end_user_id = ${endUserId} OR subject_id = ANY(${tx.array(subjects, "TEXT")})) FOR UPDATE`);
  const sessionIds = ids(await tx`
    SELECT id FROM sessions WHERE app_id = ${appId} AND (end_user_id = ${endUserId} OR plan_id = ANY(${tx.array(plans, "TEXT")})) FOR UPDATE`);
  const responseArray = tx.array(responseIds, "TEXT");
  const sessionArray = tx.array(sessionIds, "TEXT");
  const feedback = await tx`DELETE FROM feedback WHERE app_id = ${appId} AND response_id = ANY(${responseArray})`;
  const responses = await tx`DELETE FROM responses WHERE app_id = ${appId} AND id = ANY(${responseArray})`;
  const checkouts = await tx`DELETE FROM checkouts WHERE session_id = ANY(${sessionArray})`;
  const events = await tx`DELETE FROM session_events WHERE session_id = ANY(${sessionArray})`;
  const sessions = await tx`DELETE FROM sessions WHERE app_id = ${appId} AND id = ANY(${sessionArray})`;

  // Stored answers that refer to an erased resource, and those that copied an erased Response or
  // its feedback while belonging to a Subject that stays (found by the Response's id in the body).
  const erased = tx.array([...subjects, ...sessionIds, ...responseIds], "TEXT");
  const quoted = tx.array(responseIds.map((id) => `%"${id}"%`), "TEXT");
  await tx`
    UPDATE idempotency_records SET status = ${TOMBSTONE_STATUS}, body = ${TOMBSTONE_BODY.head} || request_id || ${TOMBSTONE_BODY.tail}, resource_id = NULL
    WHERE app_id = ${appId} AND (resource_id = ANY(${erased}) OR body LIKE ANY(${quoted}))`;
  return {
    charts: charts.length,
    casts: casts.length,
    plans: plans.length,
    sessions: sessions.affectedRows,
    session_events: events.affectedRows,
    checkouts: checkouts.affectedRows,
    responses: responses.affectedRows,
    feedback: feedback.affectedRows,
  };
}

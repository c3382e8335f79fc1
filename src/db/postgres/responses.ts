/**
 * Storage of AI Responses and their feedback (as ../sqlite/responses.ts): a
 * Response, its billing units and its idempotent answer commit in one
 * transaction, and the units are added only within the App's monthly quota.
 */
import { DeletedMeanwhile, type IdempotencyCompletion } from "../types.ts";
import type { BillingUnits, FeedbackRow, ListPage, ListQuery, ResponseRow, ResponseStore } from "../storage.ts";
import { listConditionsSql, pageOf, readsUpwards } from "../list-page.ts";
import type { DownstreamDelete } from "./subjects.ts";
import type { PostgresKernel } from "./kernel.ts";
import { subjectTableOf } from "./tables.ts";

export class PostgresResponseStore implements ResponseStore {
  constructor(private readonly store: PostgresKernel) {}

  /**
   * Stores a Response, the billing units it costs and the idempotent answer in one
   * transaction: either all three land or none does.
   * @throws MonthlyQuotaExhausted when `billing.quota` is given and the units would pass it
   */
  async insert(row: ResponseRow, billing: BillingUnits, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically(
      async (tx) => {
        // The Subject held until COMMIT: a delete of it in another instance waits, then its cascade
        // sees this Response (without the lock it could miss the uncommitted row and leave it behind).
        // A Subject deleted before this transaction began is missing here: nothing may be written.
        const subjects = subjectTableOf(row.subjectId);
        const held = subjects ? await tx`SELECT 1 FROM ${tx(subjects)} WHERE id = ${row.subjectId} AND app_id = ${row.appId} FOR KEY SHARE` : [];
        if (held.length === 0) throw new DeletedMeanwhile(row.subjectId);
        // The units next: their row lock orders this App's billing writes across instances.
        await this.store.addBillingUnits(tx, row.appId, billing.month, billing.units, billing.quota);
        await tx`
          INSERT INTO responses (id, app_id, capability, subject_id, previous_response_id, end_user_id, created_at, summary, record)
          VALUES (${row.id}, ${row.appId}, ${row.capability}, ${row.subjectId}, ${row.previousResponseId}, ${row.endUserId ?? null}, ${row.createdAt}, ${row.summary}, ${row.record})`;
      },
      // The stored answer copies the Response; owned by the Subject, it is deleted with it.
      completion && { ...completion, ownerId: row.subjectId },
    );
  }

  /** A Response of this App, or null (another App's id reads as missing). */
  async get(appId: string, id: string): Promise<ResponseRow | null> {
    const [row] = await this.store.sql`SELECT * FROM responses WHERE id = ${id} AND app_id = ${appId}`;
    if (!row) return null;
    return {
      id: row.id,
      appId: row.app_id,
      capability: row.capability,
      subjectId: row.subject_id,
      previousResponseId: row.previous_response_id,
      endUserId: row.end_user_id,
      createdAt: Number(row.created_at),
      summary: row.summary,
      record: row.record,
    };
  }

  /** @throws DeletedMeanwhile when the Response (its Subject) was deleted after the request read it */
  /** A page of the App's Responses (or one Subject's, or an end user's), newest first. */
  async list(appId: string, q: ListQuery): Promise<ListPage> {
    const where = listConditionsSql(q, 2);
    const rows = await this.store.sql.unsafe(`SELECT record FROM responses WHERE app_id = $1${where.sql} ORDER BY id ${readsUpwards(q) ? "ASC" : "DESC"} LIMIT ${q.limit + 1}`, [appId, ...where.values]);
    return pageOf(q, rows.map((r: { record: string }) => r.record));
  }

  async insertFeedback(row: FeedbackRow, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically(async (tx) => {
      // The Response held until COMMIT, as a Response holds its Subject (see insert).
      const held = await tx`SELECT 1 FROM responses WHERE id = ${row.responseId} AND app_id = ${row.appId} FOR KEY SHARE`;
      if (held.length === 0) throw new DeletedMeanwhile(row.responseId);
      await tx`
        INSERT INTO feedback (id, app_id, response_id, created_at, record)
        VALUES (${row.id}, ${row.appId}, ${row.responseId}, ${row.createdAt}, ${row.record})`;
    }, completion);
  }

  /**
   * The cascade a Subject registers with PostgresSubjectStore.onDelete: every Response
   * about it and their feedback vanish in the Subject's own delete transaction.
   */
  readonly deleteForSubject: DownstreamDelete = async (tx, appId, subjectId) => {
    // Lock the Responses first, in a statement of its own: it waits for feedback being written on
    // them (FOR KEY SHARE), and the next statement's fresh snapshot then sees that feedback too.
    await tx`SELECT id FROM responses WHERE app_id = ${appId} AND subject_id = ${subjectId} FOR UPDATE`;
    await tx`
      WITH gone AS (DELETE FROM responses WHERE app_id = ${appId} AND subject_id = ${subjectId} RETURNING id)
      DELETE FROM feedback WHERE app_id = ${appId} AND response_id IN (SELECT id FROM gone)`;
  };
}

/**
 * Storage of AI Responses and their feedback. A Response row keeps the rolling
 * summary after its turn next to the answered record, so a follow-up reads its
 * parent's summary in one lookup and the context never grows with the chain.
 */
import { and, eq, inArray } from "drizzle-orm";
import { pageOf } from "../list-page.ts";
import { pageRows } from "./list-rows.ts";
import { feedback, responses } from "./schema.ts";
import type { Db } from "./client.ts";
import type { SqliteKernel } from "./kernel.ts";
import { DeletedMeanwhile, type IdempotencyCompletion } from "../types.ts";
import type { BillingUnits, FeedbackRow, ListPage, ListQuery, ResponseRow, ResponseStore } from "../storage.ts";
import type { DownstreamDelete } from "./subjects.ts";

export class ResponseRepository implements ResponseStore {
  constructor(private readonly store: SqliteKernel) {}

  /**
   * Stores a Response, the billing unit it costs and the idempotent answer in one
   * transaction: either all three land or none does.
   * @throws DeletedMeanwhile when the Subject was deleted while the answer was written
   */
  async insert(row: ResponseRow, billing: BillingUnits, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically((db) => {
      // Checked in the write itself: the model may take seconds, and a delete of the Subject
      // committed meanwhile must not leave this Response behind (writes here are serialised).
      if (!this.store.subjectExists(row.appId, row.subjectId)) throw new DeletedMeanwhile(row.subjectId);
      db.insert(responses).values(row).run();
      this.store.addBillingUnits(db, row.appId, billing.month, billing.units, billing.quota);
      // The stored answer copies the Response; owned by the Subject, it is deleted with it.
    }, completion && { ...completion, ownerId: row.subjectId });
  }

  /** A Response of this App, or null (another App's id reads as missing). */
  async get(appId: string, id: string): Promise<ResponseRow | null> {
    const row = this.store.db
      .select()
      .from(responses)
      .where(and(eq(responses.id, id), eq(responses.appId, appId)))
      .get();
    return row ?? null;
  }

  /** A page of the App's Responses (or one Subject's, or an end user's), newest first. */
  async list(appId: string, q: ListQuery): Promise<ListPage> {
    return pageOf(q, pageRows(this.store.db, responses, appId, q).map((r) => r.record));
  }

  /** @throws DeletedMeanwhile when the Response (its Subject) was deleted after the request read it */
  async insertFeedback(row: FeedbackRow, completion?: IdempotencyCompletion): Promise<void> {
    await this.store.atomically((db) => {
      const response = db.select({ id: responses.id }).from(responses).where(and(eq(responses.id, row.responseId), eq(responses.appId, row.appId))).get();
      if (!response) throw new DeletedMeanwhile(row.responseId);
      db.insert(feedback).values(row).run();
    }, completion);
  }

  /**
   * The cascade a Subject registers with SubjectRepository.onDelete: every Response
   * about it and their feedback vanish in the Subject's own delete transaction.
   */
  readonly deleteForSubject: DownstreamDelete = (db: Db, appId: string, subjectId: string) => {
    const ofSubject = and(eq(responses.appId, appId), eq(responses.subjectId, subjectId));
    const responseIds = db.select({ id: responses.id }).from(responses).where(ofSubject);
    db.delete(feedback).where(and(eq(feedback.appId, appId), inArray(feedback.responseId, responseIds))).run();
    db.delete(responses).where(ofSubject).run();
  };
}


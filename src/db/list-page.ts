/**
 * What both backends share in reading a list page: which way the rows are read, and how the
 * `limit` + 1 rows read become the page (newest first) and whether more lie that way.
 */
import type { ListPage, ListQuery } from "./storage.ts";

/** Reading towards newer rows (ending_before) runs the index upwards; every other page downwards. */
export const readsUpwards = (q: ListQuery): boolean => q.endingBefore !== null;

/** The page from the rows read (in reading order), newest first. */
export function pageOf<Item>(q: ListQuery, rows: readonly Item[]): ListPage<Item> {
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { records: readsUpwards(q) ? page.reverse() : page, hasMore };
}

/**
 * The WHERE conditions of a page beyond the App, as SQL text with $n placeholders (PostgreSQL) and
 * their values: each one present only when asked for, so each query has the shape its index serves.
 * @param first the number of the first placeholder
 */
export function listConditionsSql(q: ListQuery, first: number): { sql: string; values: (string | number)[] } {
  const values: (string | number)[] = [];
  const parts: string[] = [];
  /** The placeholder of one more value. */
  const $ = (value: string | number) => `$${first + values.push(value) - 1}`;
  if (q.subjectId) parts.push(`subject_id = ${$(q.subjectId)}`);
  if (q.planId) parts.push(`plan_id = ${$(q.planId)}`);
  if (q.capabilities) parts.push(q.capabilities.length === 0 ? "false" : `capability IN (${q.capabilities.map($).join(", ")})`);
  if (q.endUserId !== null) parts.push(`end_user_id = ${$(q.endUserId)}`);
  if (q.createdGte !== null) parts.push(`created_at >= ${$(q.createdGte)}`);
  if (q.createdLt !== null) parts.push(`created_at < ${$(q.createdLt)}`);
  if (q.startingAfter !== null) parts.push(`id < ${$(q.startingAfter)}`);
  if (q.endingBefore !== null) parts.push(`id > ${$(q.endingBefore)}`);
  return { sql: parts.map((p) => ` AND ${p}`).join(""), values };
}

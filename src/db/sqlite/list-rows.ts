/**
 * Reading one list page on SQLite, for every table the list endpoints page through (Subjects,
 * Sessions, Responses): the conditions each query asks for, and the rows in index order.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { readsUpwards } from "../list-page.ts";
import type { Db } from "./client.ts";
import type { ListQuery } from "../storage.ts";

/** The columns a list reads: every listed table has the first four, some the filters after them. */
interface ListColumns {
  id: SQLiteColumn;
  appId: SQLiteColumn;
  endUserId: SQLiteColumn;
  createdAt: SQLiteColumn;
  subjectId?: SQLiteColumn;
  planId?: SQLiteColumn;
  capability?: SQLiteColumn;
}

/** The conditions of a list page beyond the App (see ListQuery), for any table with these columns. */
function listConditions(t: ListColumns, q: ListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (q.subjectId && t.subjectId) conditions.push(eq(t.subjectId, q.subjectId));
  if (q.planId && t.planId) conditions.push(eq(t.planId, q.planId));
  if (q.capabilities && t.capability) conditions.push(q.capabilities.length === 0 ? sql`0` : inArray(t.capability, [...q.capabilities]));
  if (q.endUserId !== null) conditions.push(eq(t.endUserId, q.endUserId));
  if (q.createdGte !== null) conditions.push(gte(t.createdAt, q.createdGte));
  if (q.createdLt !== null) conditions.push(lt(t.createdAt, q.createdLt));
  if (q.startingAfter !== null) conditions.push(lt(t.id, q.startingAfter));
  if (q.endingBefore !== null) conditions.push(gt(t.id, q.endingBefore));
  return conditions;
}

/** The rows of one page of the App's items: `limit` + 1 in reading order (list-page.ts pageOf makes the page). */
export function pageRows<T extends SQLiteTable & ListColumns>(db: Db, table: T, appId: string, q: ListQuery): T["$inferSelect"][] {
  return db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.appId, appId), ...listConditions(table, q)))
    .orderBy(readsUpwards(q) ? asc(table.id) : desc(table.id))
    .limit(q.limit + 1)
    .all() as T["$inferSelect"][];
}

/**
 * Each list query shape is a range scan of an index, newest first, with no sort step: checked in
 * the query plans of both backends (SQLite's EXPLAIN QUERY PLAN on a migrated file; PostgreSQL's
 * EXPLAIN on a migrated database, with sequential scans priced out so that the plan shows which
 * index serves the query rather than what a tiny table makes cheapest).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";
import { openDatabase, migrate as migrateSqlite } from "../../src/db/sqlite/client.ts";
import { migrate as migratePostgres, openPool } from "../../src/db/postgres/client.ts";
import { listConditionsSql, readsUpwards } from "../../src/db/list-page.ts";
import type { ListQuery } from "../../src/db/storage.ts";

const BASE: ListQuery = { limit: 20, startingAfter: null, endingBefore: null, endUserId: null, createdGte: null, createdLt: null };
/** Query shapes and the index each must use. */
const SHAPES: [string, string, ListQuery, string][] = [
  ["charts, first page", "charts", BASE, "charts_app_id_idx"],
  ["casts, next page", "casts", { ...BASE, startingAfter: "lyc_0VcB" }, "casts_app_id_idx"],
  ["plans, previous page", "plans", { ...BASE, endingBefore: "hpl_0VcB" }, "plans_app_id_idx"],
  ["charts of an end user", "charts", { ...BASE, endUserId: "u-1", startingAfter: "bzc_0VcB" }, "charts_end_user_idx"],
  ["responses of a Subject", "responses", { ...BASE, subjectId: "bzc_0VcB", capabilities: ["bazi"] }, "responses_subject_idx"],
  ["responses of an end user", "responses", { ...BASE, endUserId: "u-1", capabilities: ["bazi", "liuyao"] }, "responses_end_user_idx"],
  ["responses of the App", "responses", { ...BASE, capabilities: ["bazi", "liuyao", "healing"] }, "responses_app_id_idx"],
  ["Sessions of the App", "sessions", BASE, "sessions_app_id_idx"],
  ["Sessions of a Plan, next page", "sessions", { ...BASE, planId: "hpl_0VcB", startingAfter: "hsn_0VcB" }, "sessions_plan_idx"],
  ["Sessions of an end user", "sessions", { ...BASE, endUserId: "u-1" }, "sessions_end_user_idx"],
];

/** The statement the PostgreSQL store runs (src/db/postgres: SELECT … ORDER BY id … LIMIT). */
function statement(table: string, q: ListQuery, placeholder: (n: number) => string): { sql: string; values: (string | number)[] } {
  const where = listConditionsSql(q, 2);
  return { sql: `SELECT record FROM ${table} WHERE app_id = $1${where.sql} ORDER BY id ${readsUpwards(q) ? "ASC" : "DESC"} LIMIT ${q.limit + 1}`.replace(/\$(\d+)/g, (_, n) => placeholder(Number(n))), values: ["app_x", ...where.values] };
}

test.each(SHAPES)("SQLite: %s is a search of %s's index with no sort", (_label, table, q, index) => {
  const dir = mkdtempSync(join(tmpdir(), "lingshu-plans-"));
  const db = openDatabase(join(dir, "plans.sqlite"));
  try {
    migrateSqlite(db);
    const { sql, values } = statement(table, q, (n) => `?${n}`);
    const plan = db.query(`EXPLAIN QUERY PLAN ${sql}`).all(...(values as never[])) as { detail: string }[];
    const details = plan.map((p) => p.detail).join(" | ");
    expect(details).toContain(`USING INDEX ${index}`);
    expect(details).toContain("SEARCH");
    expect(details).not.toContain("TEMP B-TREE");
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describePostgres("PostgreSQL list plans", () => {
  let db: TestDatabase;
  let sql: SQL;
  beforeAll(async () => {
    db = await createTestDatabase("list_plans");
    sql = openPool(db.url, { poolSize: 1 });
    await migratePostgres(sql);
  });
  afterAll(async () => {
    await sql?.close();
    await db?.drop();
  });

  test.each(SHAPES)("%s is an index scan of %s with no sort", async (_label, table, q, index) => {
    const { sql: text, values } = statement(table, q, (n) => `$${n}`);
    const rows = await sql.begin(async (tx) => {
      await tx.unsafe("SET LOCAL enable_seqscan = off");
      await tx.unsafe("SET LOCAL enable_bitmapscan = off");
      return tx.unsafe(`EXPLAIN ${text}`, values);
    });
    const plan = rows.map((r: Record<string, string>) => Object.values(r)[0]).join("\n");
    expect(plan).toContain(`Index Scan${readsUpwards(q) ? "" : " Backward"} using ${index} on ${table}`);
    expect(plan).not.toContain("Sort");
  });
});

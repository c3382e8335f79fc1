/**
 * PostgreSQL migrations: the embedded list matches drizzle-kit's journal, `migrate`
 * applies them once (a second run is a no-op), two instances starting together
 * apply them exactly once between them (advisory lock), and the resulting tables
 * and columns are the SQLite schema's.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";
import { MIGRATIONS, EMBEDDED_TAGS } from "../../src/db/postgres/migrations.ts";
import { appliedMigrations, migrate, openPool } from "../../src/db/postgres/client.ts";
import { openPostgresStore } from "../../src/db/postgres/store.ts";
import { openSqliteStore } from "../../src/db/sqlite/store.ts";
import journal from "../../migrations/postgres/meta/_journal.json" with { type: "json" };

test("every migration in migrations/postgres/meta/_journal.json is embedded, in order", () => {
  expect(MIGRATIONS.map((m) => m.tag)).toEqual(journal.entries.map((e) => e.tag));
  expect(EMBEDDED_TAGS.sort()).toEqual(journal.entries.map((e) => e.tag).sort());
});

describePostgres("PostgreSQL migrations", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("migrations");
  });
  afterAll(() => db?.drop());

  test("two instances migrating one empty database at once: every migration applied exactly once", async () => {
    const pools = [openPool(db.url, { poolSize: 2 }), openPool(db.url, { poolSize: 2 }), openPool(db.url, { poolSize: 2 })];
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      const applied = results.flat();
      expect(applied.sort()).toEqual(MIGRATIONS.map((m) => m.tag).sort());
      expect(results.filter((r) => r.length > 0)).toHaveLength(1);
      expect(await appliedMigrations(pools[0]!)).toEqual(MIGRATIONS.map((m) => m.tag));
      // Once more: nothing to do.
      expect(await migrate(pools[1]!)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  test("opening the store on a migrated database applies nothing and is ready", async () => {
    const store = await openPostgresStore(db.url);
    try {
      expect(await store.migrate()).toEqual([]);
      expect(await store.appliedMigrations()).toEqual(MIGRATIONS.map((m) => m.tag));
      expect(await store.isReady()).toBe(true);
      expect(store.backend).toBe("postgresql");
    } finally {
      await store.close();
    }
  });

  test("a missing migration makes the store not ready", async () => {
    const store = await openPostgresStore(db.url);
    try {
      const last = MIGRATIONS.at(-1)!.tag;
      await store.sql`DELETE FROM __lingshu_migrations WHERE tag = ${last}`;
      expect(await store.isReady()).toBe(false);
      await store.sql`INSERT INTO __lingshu_migrations (tag, applied_at) VALUES (${last}, 0)`;
      expect(await store.isReady()).toBe(true);
    } finally {
      await store.close();
    }
  });

  test("the tables and columns are the SQLite schema's (plus the shared-limit tables)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lingshu-schema-"));
    const sqlite = openSqliteStore(join(dir, "s.sqlite"));
    const pg = new SQL(db.url, { max: 1 });
    try {
      const sqliteColumns = new Map<string, string[]>();
      const tables = sqlite.sqlite.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
      for (const { name } of tables) {
        sqliteColumns.set(name, sqlite.sqlite.query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${name}') ORDER BY name`).all().map((c) => c.name));
      }
      const pgRows = await pg`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`;
      const pgColumns = new Map<string, string[]>();
      for (const r of pgRows as { table_name: string; column_name: string }[]) pgColumns.set(r.table_name, [...(pgColumns.get(r.table_name) ?? []), r.column_name]);
      for (const only of ["limit_buckets", "limit_leases"]) {
        expect(pgColumns.has(only)).toBe(true);
        pgColumns.delete(only);
      }
      expect(Object.fromEntries(pgColumns)).toEqual(Object.fromEntries(sqliteColumns));
    } finally {
      await pg.close();
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("every stored answer is compressed with lz4 (0009): the columns, and a value written now", async () => {
    const pg = new SQL(db.url, { max: 1 });
    try {
      const columns = (await pg`
        SELECT c.relname AS table_name, a.attname AS column_name, a.attcompression AS compression
        FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid JOIN pg_namespace AS n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attname IN ('record', 'body', 'summary', 'json')`) as { table_name: string; column_name: string; compression: string }[];
      // Every table that keeps an answer, each column lz4 ('l'), none left to the default ('').
      expect(new Set(columns.map((c) => c.table_name))).toEqual(
        new Set(["charts", "casts", "plans", "sessions", "session_events", "checkouts", "responses", "feedback", "idempotency_records", "record_fragments"]),
      );
      expect(columns.filter((c) => c.compression !== "l")).toEqual([]);
      const large = JSON.stringify({ pillars: Array.from({ length: 200 }, (_, i) => ({ index: i, stem: "甲", branch: "子" })) });
      await pg`INSERT INTO record_fragments (id, json) VALUES ('lz4-check', ${large})`;
      const [row] = await pg`SELECT pg_column_compression(json) AS method, json = ${large} AS same FROM record_fragments WHERE id = 'lz4-check'`;
      expect(row).toEqual({ method: "lz4", same: true });
      await pg`DELETE FROM record_fragments WHERE id = 'lz4-check'`;
    } finally {
      await pg.close();
    }
  });
  test("the purge's delete can use an index for each of its two conditions (0010), so it need not read the whole table", async () => {
    const pg = new SQL(db.url, { max: 1 });
    try {
      const plan = (statement: string) =>
        pg.begin(async (tx) => {
          // A small table is cheapest to scan whole: forbid that, so the plan shows whether an index serves the condition.
          await tx`SET LOCAL enable_seqscan = off`;
          return ((await tx.unsafe(`EXPLAIN ${statement}`)) as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
        });
      const purge = await plan("DELETE FROM idempotency_records WHERE expires_at < 1 OR (state = 'in_progress' AND locked_until <= 1)");
      expect(purge).toContain("BitmapOr");
      expect(purge).toContain("Bitmap Index Scan on idempotency_expires_idx");
      expect(purge).toContain("Bitmap Index Scan on idempotency_claims_locked_idx");
      expect(purge).not.toContain("Seq Scan");
    } finally {
      await pg.close();
    }
  });
});

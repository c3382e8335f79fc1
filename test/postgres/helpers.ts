/**
 * PostgreSQL test support. The tests need a server in TEST_DATABASE_URL (a role
 * that may CREATE DATABASE); without it they fail with one clear line.
 * Start a throwaway one on loopback with:
 *
 *   TEST_DATABASE_URL=$(scripts/postgres-for-tests.sh start) npx bun test test/postgres
 *
 * Each test file works in databases of its own (lingshu_t_<random>), dropped at
 * the end, so files and runs never see each other's rows.
 */
import { describe, test } from "bun:test";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgresStore, type PostgresStore } from "../../src/db/postgres/store.ts";
import { openSqliteStore, type SqliteStore } from "../../src/db/sqlite/store.ts";
import type { TestDatabase as TestDatabaseAccess } from "../helpers/database.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

/**
 * `describe` for tests that need the server. Without TEST_DATABASE_URL they fail with one clear
 * line instead of being skipped: `npm test` (scripts/test.sh) always provides a server.
 */
export function describePostgres(label: string, fn: () => void): void {
  if (TEST_DATABASE_URL) return describe(label, fn);
  describe(label, () => {
    test("needs a PostgreSQL server in TEST_DATABASE_URL", () => {
      throw new Error("TEST_DATABASE_URL is not set: run `npm test`, or TEST_DATABASE_URL=$(scripts/postgres-for-tests.sh start) npx bun test test/postgres");
    });
  });
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function randomSuffix(): string {
  return `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
}

/** A new, empty database on the test server; drop() removes it (closing whatever is still connected). */
export async function createTestDatabase(label = "x"): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `lingshu_t_${label.replace(/\W+/g, "_")}_${randomSuffix()}`.toLowerCase();
  const admin = new SQL(TEST_DATABASE_URL, { max: 1 });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    },
  };
}

/** A fresh database with `stores` PostgresStore instances on it, each with its own pool (as separate instances would be). */
export async function storesOnFreshDatabase(label: string, stores = 1, poolSize = 10): Promise<{ db: TestDatabase; stores: PostgresStore[]; close(): Promise<void> }> {
  const db = await createTestDatabase(label);
  const opened: PostgresStore[] = [];
  for (let i = 0; i < stores; i++) opened.push(await openPostgresStore(db.url, { poolSize }));
  return {
    db,
    stores: opened,
    async close() {
      for (const s of opened) await s.close().catch(() => {});
      await db.drop();
    },
  };
}

/** `?` placeholders (outside quoted literals) as PostgreSQL's `$1`, `$2`, … */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  let out = "";
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else out += ch === "?" ? `$${++n}` : ch;
  }
  return out;
}

/** test/helpers/database.ts's TestDatabase on a PostgreSQL pool: the same portable SQL, with `?` placeholders. */
export function postgresTestDatabase(sql: SQL): TestDatabaseAccess {
  const all = async <T>(query: string, ...params: unknown[]): Promise<T[]> => [...(await sql.unsafe(numberedPlaceholders(query), params))] as T[];
  return {
    all,
    async get<T>(query: string, ...params: unknown[]) {
      return ((await all<T>(query, ...params))[0] ?? null) as T | null;
    },
    async run(query: string, ...params: unknown[]) {
      await sql.unsafe(numberedPlaceholders(query), params);
    },
    async count(table: string, where = "1 = 1", ...params: unknown[]) {
      const [row] = await all<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params);
      return Number(row?.n ?? 0);
    },
  };
}

/** Runs `use` on a store over a fresh SQLite file (the same scenario on the embedded backend), then removes it. */
export async function onFreshSqliteStore(label: string, use: (store: SqliteStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `lingshu-${label}-`));
  const store = openSqliteStore(join(dir, `${label}.sqlite`));
  try {
    await use(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reads and writes straight to the database under test, whichever backend holds
 * it, for tests that check what was (not) stored. SQL is written once with `?`
 * placeholders in the subset both SQLite and PostgreSQL understand.
 */
import type { Database } from "bun:sqlite";

export interface TestDatabase {
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | null>;
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** `SELECT count(*) … WHERE where` as a number. */
  count(table: string, where?: string, ...params: unknown[]): Promise<number>;
}

function withCount(base: Omit<TestDatabase, "count">): TestDatabase {
  return {
    ...base,
    async count(table, where = "1 = 1", ...params) {
      const row = await base.get<{ n: number | string | bigint }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, ...params);
      return Number(row?.n ?? 0);
    },
  };
}

export function sqliteTestDatabase(sqlite: Database): TestDatabase {
  return withCount({
    async all<T>(sql: string, ...params: unknown[]) {
      return sqlite.query(sql).all(...(params as never[])) as T[];
    },
    async get<T>(sql: string, ...params: unknown[]) {
      return (sqlite.query(sql).get(...(params as never[])) as T | null) ?? null;
    },
    async run(sql: string, ...params: unknown[]) {
      sqlite.query(sql).run(...(params as never[]));
    },
  });
}

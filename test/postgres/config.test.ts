/**
 * Choosing PostgreSQL: DATABASE_URL (postgres:// or postgresql://) and
 * DATABASE_POOL_SIZE; anything else is a configuration error (exit 2) whose
 * message never repeats the URL (it may hold a password); messages name the
 * database without its password. The CLI runs against PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { describeDatabase, redactDatabaseUrl } from "../../src/db/open-storage.ts";
import { runCli } from "../helpers/cli.ts";
import { MIGRATIONS } from "../../src/db/postgres/migrations.ts";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";

const SECRET = "s3cr3t-pa55";

test("DATABASE_URL selects PostgreSQL; unset keeps SQLite at DATABASE_PATH", () => {
  expect(loadConfig({}).databaseUrl).toBeNull();
  expect(loadConfig({ DATABASE_URL: "  " }).databaseUrl).toBeNull();
  for (const url of ["postgres://u:p@db:5432/lingshu", "postgresql://db/lingshu", "POSTGRES://db/x?sslmode=require"]) {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  }
  expect(loadConfig({}).databasePoolSize).toBe(4);
  expect(loadConfig({ DATABASE_POOL_SIZE: "32" }).databasePoolSize).toBe(32);
  expect(loadConfig({}).databaseStatementTimeoutMs).toBe(15_000);
  expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
  expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "2500" }).databaseStatementTimeoutMs).toBe(2500);
});

test("any other DATABASE_URL, or a bad pool size or statement timeout, is a clear configuration error that never shows the password", () => {
  for (const url of [`mysql://u:${SECRET}@db/x`, `sqlite:///tmp/${SECRET}.db`, `u:${SECRET}@db`, `/var/lib/${SECRET}.sqlite`, `postgres://u:${SECRET}@/x`, `postgres://u:${SECRET}@[bad/x`]) {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: url });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("DATABASE_URL");
    expect((error as Error).message).not.toContain(SECRET);
  }
  for (const bad of ["0", "-1", "ten", "100000"]) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  for (const bad of ["-1", "15s", "3600001"]) expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: bad })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 3600000/);
});

test("the database is described without its password (nor a password in the query)", () => {
  const config = loadConfig({ DATABASE_URL: `postgresql://lingshu:${SECRET}@db.internal:6432/prod?sslmode=require&password=${SECRET}` });
  expect(describeDatabase(config)).toBe("postgresql://lingshu@db.internal:6432/prod (DATABASE_URL)");
  expect(redactDatabaseUrl(`postgres://:${SECRET}@h/d`)).toBe("postgres://h/d");
  expect(describeDatabase(loadConfig({ DATABASE_PATH: "/data/x.sqlite" }))).toBe("/data/x.sqlite (DATABASE_PATH)");
});

test("the binary's entry point exits 2 on a non-PostgreSQL DATABASE_URL, without the password", () => {
  const r = runCli(["migrate"], { DATABASE_URL: `mysql://root:${SECRET}@127.0.0.1/x` });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
  expect(r.stderr).not.toContain(SECRET);
});

test("an unreachable PostgreSQL: exit 1 with one line naming it, without the password", () => {
  const r = runCli(["migrate"], { DATABASE_URL: `postgres://u:${SECRET}@127.0.0.1:9/none` });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("cannot open the database at postgres://u@127.0.0.1:9/none (DATABASE_URL)");
  expect(r.stderr).not.toContain(SECRET);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
});

describePostgres("the CLI on PostgreSQL", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("cli");
  });
  afterAll(() => db?.drop());

  test("migrate applies the migrations once; the operator commands work on the shared database", () => {
    const env = { DATABASE_URL: db.url, KEY_PEPPER: "cli-postgres-pepper-0123" };
    const first = runCli(["migrate", "--json"], env);
    expect(first.code).toBe(0);
    expect(first.json.applied).toEqual(MIGRATIONS.map((m) => m.tag));
    expect(first.json.applied.slice(0, 2)).toEqual(["0000_initial", "0001_shared_limits"]);
    expect(first.json.database).toContain("(DATABASE_URL)");
    // Only what a run applies is printed.
    expect(runCli(["migrate"], env).stdout).toBe("already up to date\n");
    const created = runCli(["app", "create", "--name", "pg app", "--env", "live", "--capabilities", "bazi", "--json"], env);
    expect(created.code).toBe(0);
    const appId = created.json.id as string;
    expect(runCli(["app", "list", "--json"], env).stdout).toContain(appId);
    const usage = runCli(["usage", appId, "--json"], env);
    expect(usage.code).toBe(0);
    expect(usage.json).toMatchObject({ app_id: appId, billing_units: 0 });
  });
});

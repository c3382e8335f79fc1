/**
 * A least-privilege runtime role (docs/deploy.md, "The database"): the owner migrates; a role
 * with only CONNECT, USAGE, row rights on the tables and EXECUTE on the limits function runs
 * the operator CLI and `serve`, and a chart is created and read through it. With a migration
 * pending, that role's `serve` (and `migrate`) exits 1 with one line telling the operator to run
 * `lingshu migrate` as the owner; once the owner has, the role starts again. `migrate` prints
 * only what it applied.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";
import { runCli } from "../helpers/cli.ts";
import { cliTenant, listeningPort, spawnServe } from "../helpers/serve-process.ts";
import { MIGRATIONS } from "../../src/db/postgres/migrations.ts";

// Every step starts a Bun process.
setDefaultTimeout(60_000);

const PEPPER = "least-privilege-pepper-0123";
const PASSWORD = "runtime-secret-pw";

describePostgres("a runtime role without CREATE", () => {
  let db: TestDatabase;
  /** Connected as the owner (the test server's role, which created the database). */
  let owner: SQL;
  let role: string;
  let ownerEnv: Record<string, string>;
  let runtimeEnv: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase("roles");
    owner = new SQL(db.url, { max: 1 });
    role = `lingshu_rt_${db.name.slice(-8)}`;
    ownerEnv = { DATABASE_URL: db.url, KEY_PEPPER: PEPPER };
    const url = new URL(db.url);
    url.username = role;
    url.password = PASSWORD;
    runtimeEnv = { DATABASE_URL: url.toString(), KEY_PEPPER: PEPPER, NODE_ENV: "production" };
  });
  afterAll(async () => {
    await owner?.close();
    await db?.drop();
    // The role's grants lived in the dropped database; now it can go.
    const admin = new SQL(process.env.TEST_DATABASE_URL!, { max: 1 });
    await admin.unsafe(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.close());
  });

  test("the owner migrates: `migrate` lists what it applied, then says it is up to date", () => {
    const first = runCli(["migrate"], ownerEnv);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`applied: ${MIGRATIONS.map((m) => m.tag).join(", ")}\n`);
    const again = runCli(["migrate"], ownerEnv);
    expect(again.stdout).toBe("already up to date\n");
  });

  test("the role, granted as docs/deploy.md says, may write rows but create nothing", async () => {
    // PostgreSQL 15+ no longer lets PUBLIC create in `public`; older servers do, so revoke it here.
    await owner.unsafe(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await owner.unsafe(`CREATE ROLE ${role} LOGIN PASSWORD '${PASSWORD}'`);
    // The statements of docs/deploy.md ("The database"), with this test's names; the owner is CURRENT_USER.
    await owner.unsafe(`GRANT CONNECT ON DATABASE "${db.name}" TO ${role}`);
    await owner.unsafe(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await owner.unsafe(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await owner.unsafe(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await owner.unsafe(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role}`);
    for (const what of ["SELECT, INSERT, UPDATE, DELETE ON TABLES", "USAGE, SELECT ON SEQUENCES", "EXECUTE ON FUNCTIONS"]) {
      await owner.unsafe(`ALTER DEFAULT PRIVILEGES FOR ROLE CURRENT_USER IN SCHEMA public GRANT ${what} TO ${role}`);
    }
    // A table a later migration would create is the role's to write.
    await owner.unsafe(`CREATE TABLE later_migration_table (id text PRIMARY KEY)`);
    const [later] = await owner`SELECT has_table_privilege(${role}, 'later_migration_table', 'INSERT') AS insert`;
    expect(later.insert).toBe(true);
    await owner.unsafe(`DROP TABLE later_migration_table`);
    const [rights] = await owner`SELECT has_schema_privilege(${role}, 'public', 'CREATE') AS schema_create,
      has_database_privilege(${role}, ${db.name}, 'CREATE') AS database_create,
      has_function_privilege(${role}, 'lingshu_acquire_slot(text, bigint, bigint, bigint, text, bigint)', 'EXECUTE') AS acquire`;
    expect(rights).toEqual({ schema_create: false, database_create: false, acquire: true });
  });

  test("the role runs the CLI and serves a chart", async () => {
    expect(runCli(["migrate"], runtimeEnv).stdout).toBe("already up to date\n");
    const { key } = cliTenant(runtimeEnv);
    const server = spawnServe(runtimeEnv);
    try {
      const base = `http://127.0.0.1:${await listeningPort(server)}`;
      expect(await (await fetch(`${base}/ready`)).json()).toMatchObject({ status: "ready", database: "postgresql", migrations: MIGRATIONS.length });
      const created = await fetch(`${base}/v1/bazi/charts`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "least-privilege-1" },
        body: JSON.stringify({ birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } }),
      });
      expect(created.status).toBe(201);
      const chart = (await created.json()) as { id: string };
      const read = await fetch(`${base}/v1/bazi/charts/${chart.id}`, { headers: { authorization: `Bearer ${key}` } });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { id: string }).id).toBe(chart.id);
    } finally {
      server.proc.kill("SIGTERM");
      expect(await server.ended).toBe(0);
    }
  });

  test("a pending migration: the role's serve and migrate exit 1 naming it and the fix; the owner's migrate applies it", async () => {
    const last = MIGRATIONS.at(-1)!.tag;
    // As if a newer release had brought it: the bookkeeping no longer records it.
    await owner`DELETE FROM __lingshu_migrations WHERE tag = ${last}`;

    const server = spawnServe(runtimeEnv);
    expect(await server.listening).toBeNull();
    expect(await server.ended).toBe(1);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`pending migrations (${last}) need a role that may apply them (permission denied for schema public)`);
    expect(lines[0]).toContain("run `lingshu migrate` as the database owner");
    expect(lines[0]).not.toContain(PASSWORD);

    const refused = runCli(["migrate"], runtimeEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("run `lingshu migrate` as the database owner");

    const applied = runCli(["migrate", "--json"], ownerEnv);
    expect(applied.json.applied).toEqual([last]);
    const again = spawnServe(runtimeEnv);
    try {
      expect(await listeningPort(again)).toBeGreaterThan(0);
    } finally {
      again.proc.kill("SIGTERM");
      await again.proc.exited;
    }
  });
});

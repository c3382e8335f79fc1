/**
 * DATABASE_STATEMENT_TIMEOUT_MS: every connection of the store opened from the configuration
 * carries it (15 s by default, none with 0); a request whose statement waits past it behind a
 * lock answers 503 SERVICE_UNAVAILABLE with nothing stored, and its retry with the same key
 * succeeds; the migrator is not bound by it (it may wait for the lock and run long).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";
import { loadConfig } from "../../src/config.ts";
import { openStorage } from "../../src/db/open-storage.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { MIGRATIONS } from "../../src/db/postgres/migrations.ts";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/platform/request-log.ts";
import { Operator } from "../../src/cli/operator.ts";

/** The store exactly as `serve` opens it from this environment. */
async function storeFrom(env: Record<string, string>): Promise<PostgresStore> {
  return (await openStorage(loadConfig({ LOG_LEVEL: "silent", ...env }))) as PostgresStore;
}

async function statementTimeout(sql: SQL): Promise<string> {
  const [row] = await sql`SHOW statement_timeout`;
  return row.statement_timeout;
}

describePostgres("the statement timeout on PostgreSQL", () => {
  let db: TestDatabase;
  let admin: SQL;
  beforeAll(async () => {
    db = await createTestDatabase("timeout");
    admin = new SQL(db.url, { max: 2 });
  });
  afterAll(async () => {
    await admin?.close();
    await db?.drop();
  });

  test("15 s on every connection by default; the given value; with 0 none (the server's own setting)", async () => {
    const serverSetting = await statementTimeout(admin);
    for (const [setting, shown] of [[undefined, "15s"], ["2500", "2500ms"], ["0", serverSetting]] as const) {
      const store = await storeFrom({ DATABASE_URL: db.url, ...(setting === undefined ? {} : { DATABASE_STATEMENT_TIMEOUT_MS: setting }) });
      try {
        // Three transactions at once hold three of the pool's connections.
        const seen = await Promise.all(
          Array.from({ length: 3 }, () =>
            store.sql.begin(async (tx) => {
              const [{ pid }] = await tx`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`;
              return { pid, shown: await statementTimeout(tx) };
            }),
          ),
        );
        expect(new Set(seen.map((s) => s.pid)).size).toBe(3);
        expect(seen.map((s) => s.shown)).toEqual([shown, shown, shown]);
      } finally {
        await store.close();
      }
    }
  });

  test("a request stuck behind a lock past the timeout: 503 SERVICE_UNAVAILABLE, nothing stored; the retry succeeds", async () => {
    const store = await storeFrom({ DATABASE_URL: db.url, DATABASE_STATEMENT_TIMEOUT_MS: "300" });
    const config = loadConfig({ LOG_LEVEL: "silent", DATABASE_URL: db.url });
    const app = createApp({ config, store, logger: createLogger("silent") });
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => app.handle(request) });
    try {
      const operator = new Operator(store, config.keyPepper);
      const tenant = await operator.createApp({ name: "timeout", env: "test", capabilities: ["bazi"], rpm: 1000, concurrency: 10, monthlyQuota: 1000 });
      const { key } = await operator.createKey(tenant.id, "k", null);
      const post = () =>
        fetch(`http://127.0.0.1:${server.port}/v1/bazi/charts`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "stuck-1" },
          body: JSON.stringify({ birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } }),
        });
      // The App's shared-limit row exists once it has made a request.
      expect((await fetch(`http://127.0.0.1:${server.port}/v1/bazi/charts/bzc_missing`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(404);

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = admin.begin(async (tx) => {
        await tx`SELECT 1 FROM limit_buckets WHERE app_id = ${tenant.id} FOR UPDATE`;
        locked();
        await released;
      });
      await isLocked;
      const started = performance.now();
      const stuck = await post();
      const waited = performance.now() - started;
      release();
      await holder;
      expect(stuck.status).toBe(503);
      expect(((await stuck.json()) as { error: { code: string } }).error.code).toBe("SERVICE_UNAVAILABLE");
      expect(waited).toBeGreaterThanOrEqual(300);
      const [charts] = await admin`SELECT count(*)::int AS n FROM charts WHERE app_id = ${tenant.id}`;
      expect(charts.n).toBe(0);

      expect((await post()).status).toBe(201);
    } finally {
      server.stop(true);
      await store.close();
    }
  });

  test("the migrator is not bound by it: it waits for the migration lock longer than the timeout", async () => {
    const fresh = await createTestDatabase("timeout_migrate");
    const other = new SQL(fresh.url, { max: 1 });
    try {
      // Another migrator holds the lock (the key of src/db/postgres/client.ts) for 800 ms.
      const holding = other.begin(async (tx) => {
        await tx`SELECT pg_advisory_xact_lock(${0x4c696e67}::bigint)`;
        await Bun.sleep(800);
      });
      await Bun.sleep(50);
      const store = await storeFrom({ DATABASE_URL: fresh.url, DATABASE_STATEMENT_TIMEOUT_MS: "200" });
      try {
        expect(await store.appliedMigrations()).toEqual(MIGRATIONS.map((m) => m.tag));
        expect(await statementTimeout(store.sql)).toBe("200ms");
      } finally {
        await store.close();
      }
      await holding;
    } finally {
      await other.close();
      await fresh.drop();
    }
  });
});

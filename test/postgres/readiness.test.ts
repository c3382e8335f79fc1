/**
 * Readiness and outages on PostgreSQL: isReady() answers false (never throws,
 * never hangs past ~2 s) when the server refuses connections, accepts them but
 * never answers, or is stopped; requests then answer 503 SERVICE_UNAVAILABLE;
 * and the pool reconnects by itself once the server is back.
 *
 * The stop/start test controls the cluster of scripts/postgres-for-tests.sh, so it
 * runs only when TEST_DATABASE_URL points at that cluster (and LINGSHU_PG_NO_RESTART
 * is unset); against any other server it is skipped.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { createServer, type Server } from "node:net";
import { describePostgres, storesOnFreshDatabase, TEST_DATABASE_URL } from "./helpers.ts";
import { PostgresStore } from "../../src/db/postgres/store.ts";
import { openPool } from "../../src/db/postgres/client.ts";
import { isStorageUnavailable } from "../../src/db/unavailable.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/platform/request-log.ts";
import { Operator } from "../../src/cli/operator.ts";

const SCRIPT = join(import.meta.dir, "../../scripts/postgres-for-tests.sh");

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

test("a server that refuses connections: not ready at once, and the error means 'unavailable' (503)", async () => {
  const store = new PostgresStore(openPool("postgres://postgres@127.0.0.1:9/none", { connectTimeoutSeconds: 1 }));
  try {
    const started = performance.now();
    expect(await store.isReady()).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_500);
    const err = await errorOf(store.apps.get("app_x"));
    expect(isStorageUnavailable(err)).toBe(true);
  } finally {
    await store.close();
  }
});

test("a server that accepts but never answers: not ready within ~2 s", async () => {
  const sockets: import("node:net").Socket[] = [];
  const silent: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as { port: number }).port;
  const store = new PostgresStore(openPool(`postgres://postgres@127.0.0.1:${port}/none`, { connectTimeoutSeconds: 30 }));
  try {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect(await store.isReady()).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_600);
    }
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
    await store.close().catch(() => {});
  }
}, 15_000);

test("isStorageUnavailable: PostgreSQL's unavailable SQLSTATEs and Bun's connection codes, not ordinary faults", () => {
  const pg = (errno: string) => ({ code: "ERR_POSTGRES_SERVER_ERROR", errno });
  for (const e of [pg("57P01"), pg("57P02"), pg("57P03"), pg("08006"), pg("08001"), pg("53100"), pg("53300"), pg("25006"), pg("57014"), pg("40001"), pg("40P01")]) expect(isStorageUnavailable(e)).toBe(true);
  for (const code of ["ERR_POSTGRES_CONNECTION_CLOSED", "ERR_POSTGRES_CONNECTION_REFUSED", "ERR_POSTGRES_CONNECTION_TIMEOUT", "ERR_POSTGRES_CONNECTION_FAILED", "ECONNREFUSED", "SQLITE_FULL", "SQLITE_READONLY"]) {
    expect(isStorageUnavailable({ code })).toBe(true);
  }
  for (const e of [pg("23505"), pg("42P01"), pg("22012"), { code: "ERR_POSTGRES_SYNTAX_ERROR" }, new Error("x"), null, undefined]) expect(isStorageUnavailable(e)).toBe(false);
});

/** True when TEST_DATABASE_URL is the cluster that scripts/postgres-for-tests.sh runs (so this test may stop and start it). */
function ownsCluster(): boolean {
  if (!TEST_DATABASE_URL || process.env.LINGSHU_PG_NO_RESTART) return false;
  const status = Bun.spawnSync(["bash", SCRIPT, "status"], { stderr: "ignore" });
  if (status.exitCode !== 0) return false;
  const scriptUrl = new URL(status.stdout.toString().trim());
  const testUrl = new URL(TEST_DATABASE_URL);
  return scriptUrl.hostname === testUrl.hostname && scriptUrl.port === testUrl.port;
}

function cluster(command: "start" | "stop"): void {
  const run = Bun.spawnSync(["bash", SCRIPT, command], { stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`postgres-for-tests.sh ${command} failed: ${run.stderr.toString()}`);
}

describePostgres("PostgreSQL outage and recovery", () => {
  const owns = ownsCluster();
  if (!owns && TEST_DATABASE_URL) console.warn("test/postgres/readiness: TEST_DATABASE_URL is not the cluster of scripts/postgres-for-tests.sh; the stop/start test is skipped.");
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("ready", 1, 4);
  });
  afterAll(async () => {
    if (owns) cluster("start");
    await env?.close();
  });

  test.skipIf(!owns)(
    "the database stops: /ready 503 and requests 503 SERVICE_UNAVAILABLE; it starts again: the service recovers by itself",
    async () => {
      const store = env.stores[0]!;
      const config = loadConfig({ LOG_LEVEL: "silent", DATABASE_URL: env.db.url });
      const app = createApp({ config, store, logger: createLogger("silent") });
      const operator = new Operator(store, config.keyPepper);
      const tenant = await operator.createApp({ name: "ready", env: "test", capabilities: ["bazi"], rpm: 1000, concurrency: 10, monthlyQuota: 100 });
      const { key } = await operator.createKey(tenant.id, "k", null);
      const chart = (n: number) =>
        app.handle(
          new Request("http://x/v1/bazi/charts", {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": `ready-${n}` },
            body: JSON.stringify({ birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } }),
          }),
        );
      const ready = () => app.handle(new Request("http://x/ready"));

      const up = await ready();
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ status: "ready", database: "postgresql" });
      expect((await chart(1)).status).toBe(201);

      cluster("stop");
      const started = performance.now();
      expect(await store.isReady()).toBe(false);
      expect(performance.now() - started).toBeLessThan(2_500);
      const down = await ready();
      expect(down.status).toBe(503);
      expect(((await down.json()) as any).error.code).toBe("SERVICE_UNAVAILABLE");
      const write = await chart(2);
      expect(write.status).toBe(503);
      expect(((await write.json()) as any).error.code).toBe("SERVICE_UNAVAILABLE");

      cluster("start");
      let back = false;
      for (let i = 0; i < 50 && !back; i++) {
        back = await store.isReady();
        if (!back) await Bun.sleep(100);
      }
      expect(back).toBe(true);
      expect((await ready()).status).toBe(200);
      // The same key runs again (nothing was stored by the failed attempt), and replays after.
      const retried = await chart(2);
      expect(retried.status).toBe(201);
      const replay = await chart(2);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.text()).toBe(await retried.text());
    },
    60_000,
  );
});

/**
 * Two instances of the service (each its own pool and its own HTTP server on
 * loopback) on one PostgreSQL database, as behind a load balancer: idempotency is
 * exactly-once across them, limits are shared, a revoked key or a suspended App is
 * refused by the other instance within the caller cache's bound, and /ready names the database.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import { MIGRATIONS } from "../../src/db/postgres/migrations.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/platform/request-log.ts";
import { Operator, type NewApp } from "../../src/cli/operator.ts";
import { CALLER_CACHE_MS } from "../../src/db/postgres/keys.ts";

interface Instance {
  base: string;
  stop(): Promise<void>;
}

describePostgres("two instances on one PostgreSQL database", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  let instances: Instance[] = [];
  let operator: Operator;
  let store: PostgresStore;

  beforeAll(async () => {
    env = await storesOnFreshDatabase("instances", 2);
    store = env.stores[0]!;
    const config = loadConfig({ LOG_LEVEL: "silent", DATABASE_URL: env.db.url });
    operator = new Operator(store, config.keyPepper);
    instances = env.stores.map((s) => {
      const app = createApp({ config, store: s, logger: createLogger("silent") });
      const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => app.handle(req) });
      return { base: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
    });
  });
  afterAll(async () => {
    for (const i of instances) await i.stop();
    await env?.close();
  });

  async function tenant(over: Partial<NewApp> = {}) {
    const app = await operator.createApp({ name: "t", env: "test", capabilities: ["bazi", "liuyao", "healing"], rpm: 100_000, concurrency: 1000, monthlyQuota: 100_000, ...over });
    const { key, record } = await operator.createKey(app.id, "k", null);
    return { app, key, keyId: record.id };
  }

  const chartBody = { birth: { year: 1988, month: 2, day: 29, hour: 23, gender: "男" } };
  function postChart(i: number, key: string, idem: string, body: unknown = chartBody) {
    return fetch(`${instances[i % 2]!.base}/v1/bazi/charts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
      body: JSON.stringify(body),
    });
  }

  test("/ready on each instance names PostgreSQL", async () => {
    for (const i of instances) {
      const res = await fetch(`${i.base}/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ready", database: "postgresql", migrations: MIGRATIONS.length });
    }
  });

  test("20 concurrent identical requests spread over two instances create one chart; the others replay it or get 409 IDEMPOTENCY_IN_PROGRESS", async () => {
    const t = await tenant();
    for (let round = 0; round < 3; round++) {
      const idem = `burst-${round}`;
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => postChart(i, t.key, idem)));
      const bodies = await Promise.all(responses.map((r) => r.text()));
      const created = responses.map((r, i) => ({ status: r.status, replayed: r.headers.get("idempotent-replayed") === "true", body: bodies[i]! }));
      const fresh = created.filter((c) => c.status === 201 && !c.replayed);
      expect(fresh).toHaveLength(1);
      for (const c of created) {
        if (c.status === 201) expect(c.body).toBe(fresh[0]!.body);
        else {
          expect(c.status).toBe(409);
          expect(JSON.parse(c.body).error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
        }
      }
      const [rows] = await store.sql`SELECT count(*)::int AS n FROM charts WHERE app_id = ${t.app.id} AND id = ${JSON.parse(fresh[0]!.body).id}`;
      expect(rows.n).toBe(1);
    }
    const [all] = await store.sql`SELECT count(*)::int AS n FROM charts WHERE app_id = ${t.app.id}`;
    expect(all.n).toBe(3);
  });

  test("requests per minute are enforced across instances, with the same 429 and headers", async () => {
    const t = await tenant({ rpm: 6 });
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await postChart(i, t.key, `rpm-${i}`);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
      else await res.text();
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const error = ((await limited!.json()) as any).error;
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retry_after_ms).toBeGreaterThan(0);
    expect(limited!.headers.get("retry-after")).toBe(String(Math.ceil(error.retry_after_ms / 1000)));
    expect(limited!.headers.get("ratelimit-policy")).toBe('"rpm";q=6;w=60');
  });

  /** How long (ms) `instance` keeps answering something else than `status` for `key`; fails past the caller cache's bound. */
  async function refusedAfter(instance: number, key: string, status: number): Promise<number> {
    const start = performance.now();
    for (let i = 0; ; i++) {
      const res = await postChart(instance, key, `poll-${key.slice(-6)}-${status}-${i}`);
      await res.text();
      if (res.status === status) return Math.round(performance.now() - start);
      if (performance.now() - start > CALLER_CACHE_MS + 500) throw new Error(`still ${res.status} after ${Math.round(performance.now() - start)} ms`);
      await Bun.sleep(5);
    }
  }

  test("a key revoked, or an App suspended, through one instance's store is refused by the other within the caller cache's bound (at once by the first)", async () => {
    const t = await tenant();
    const u = await tenant();
    // Both instances have served, and cached, both callers.
    for (const i of [0, 1]) for (const who of [t, u]) expect((await postChart(i, who.key, `before-${i}-${who.keyId}`)).status).toBe(201);
    await operator.revokeKey(t.keyId);
    await operator.updateApp(u.app.id, { status: "suspended" });
    // The operator wrote through the first instance's store: its cache dropped the callers at once.
    expect(await refusedAfter(0, t.key, 401)).toBeLessThan(50);
    expect(await refusedAfter(0, u.key, 403)).toBeLessThan(50);
    const revoked = await refusedAfter(1, t.key, 401);
    const suspended = await refusedAfter(1, u.key, 403);
    console.log(`caller cache across instances: the other instance refused after ${revoked} ms (revoked key), ${suspended} ms (suspended App); bound ${CALLER_CACHE_MS} ms`);
    const last = await postChart(1, t.key, "after-revoke");
    expect(((await last.json()) as any).error.code).toBe("INVALID_API_KEY");
  });
});

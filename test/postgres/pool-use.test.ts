/**
 * The PostgreSQL pool's use in GET /metrics: each instance counts its own connections (two stores
 * on one database stand for two instances), a connection inside a transaction is busy, the reader
 * does not take a connection from the pool, and a database that cannot be read leaves the gauge
 * empty while the scrape still answers.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import { Metrics } from "../../src/platform/metrics.ts";
import type { PoolUse, StorageObserver } from "../../src/db/storage.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";

/** The read function a store hands to its observer. */
function poolReaderOf(store: PostgresStore): () => Promise<PoolUse & { max: number }> {
  let reader: (() => Promise<PoolUse & { max: number }>) | undefined;
  const observer: StorageObserver = { writeBatch() {}, checkpoint() {}, poolUse: (max, read) => (reader = async () => ({ max, ...(await read()) })) };
  store.observe(observer);
  if (!reader) throw new Error("the PostgreSQL store gave its observer no pool reader");
  return reader;
}

/** The samples of `family` in a scrape, as label → value. */
async function scraped(metrics: Metrics, family: string): Promise<Record<string, number>> {
  const found = parsePrometheusTextFormat(await metrics.text()).find((f) => f.name === family);
  return Object.fromEntries((found?.metrics ?? []).map((m) => [m.labels?.state ?? "", Number(m.value)]));
}

describePostgres("PostgreSQL pool use (GET /metrics)", () => {
  let fixture: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  beforeAll(async () => {
    fixture = await storesOnFreshDatabase("pool_use", 2, 3);
  });
  afterAll(async () => {
    await fixture.close();
  });

  test("each instance counts its own connections; one inside a transaction is busy until it ends", async () => {
    const [first, second] = fixture.stores as [PostgresStore, PostgresStore];
    const readFirst = poolReaderOf(first);
    const readSecond = poolReaderOf(second);
    await second.sql`SELECT 1`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = first.sql.begin(async (tx) => {
      await tx`SELECT 1`;
      inside();
      await held;
    });
    try {
      await entered;
      const during = await readFirst();
      expect(during.max).toBe(3);
      expect(during.busy).toBe(1);
      // The second instance's connections are idle: the first's transaction is not counted there.
      const other = await readSecond();
      expect(other.busy).toBe(0);
      expect(other.idle).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await transaction;
    }
    const after = await readFirst();
    expect(after.busy).toBe(0);
    expect(after.idle).toBeGreaterThanOrEqual(1);
  });

  test("the reader answers while every pooled connection is busy", async () => {
    const [first] = fixture.stores as [PostgresStore];
    const readFirst = poolReaderOf(first);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const entered: Promise<void>[] = [];
    const transactions = [0, 1, 2].map(() => {
      let inside!: () => void;
      entered.push(new Promise<void>((resolve) => (inside = resolve)));
      return first.sql.begin(async (tx) => {
        await tx`SELECT 1`;
        inside();
        await held;
      });
    });
    try {
      await Promise.all(entered);
      expect(await readFirst()).toEqual({ max: 3, busy: 3, idle: 0 });
    } finally {
      release();
      await Promise.all(transactions);
    }
  });

  test("a scrape shows the gauges, and still answers without them when the reading fails", async () => {
    const [first] = fixture.stores as [PostgresStore];
    const metrics = new Metrics({ version: "test", build: "test", backend: "postgresql" });
    first.observe(metrics);
    await first.sql`SELECT 1`;
    const connections = await scraped(metrics, "lingshu_postgres_pool_connections");
    expect(connections.busy).toBe(0);
    expect(connections.idle).toBeGreaterThanOrEqual(1);
    expect(await scraped(metrics, "lingshu_postgres_pool_max_connections")).toEqual({ "": 3 });

    const failing = new Metrics({ version: "test", build: "test", backend: "postgresql" });
    failing.poolUse(3, () => Promise.reject(new Error("connection refused")));
    expect(await scraped(failing, "lingshu_postgres_pool_connections")).toEqual({});
    expect(await scraped(failing, "lingshu_postgres_pool_max_connections")).toEqual({ "": 3 });
    expect(await scraped(failing, "lingshu_http_requests_in_flight")).toEqual({ "": 0 });
  });
});

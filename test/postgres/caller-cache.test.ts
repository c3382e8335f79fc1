/**
 * The PostgreSQL caller cache (src/db/postgres/keys.ts): a caller is read once and then served from
 * memory; a change made through another instance's store reaches this one by notification (migration
 * 0006), and a change that notifies nobody is seen once the entry's CALLER_CACHE_MS have passed.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, storesOnFreshDatabase } from "./helpers.ts";
import { CALLER_CACHE_MS, PostgresKeyStore } from "../../src/db/postgres/keys.ts";
import type { PostgresStore } from "../../src/db/postgres/store.ts";
import type { AppRecord, KeyRecord } from "../../src/db/types.ts";

const T0 = Date.UTC(2026, 10, 3);
let serial = 0;

describePostgres("the PostgreSQL caller cache", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  let here: PostgresStore;
  let there: PostgresStore;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("caller_cache", 2);
    [here, there] = env.stores as [PostgresStore, PostgresStore];
  });
  afterAll(() => env?.close());

  async function caller(): Promise<{ app: AppRecord; key: KeyRecord }> {
    const n = ++serial;
    const app: AppRecord = { id: `app_cache_${n}`, name: "cache", env: "test", capabilities: ["bazi"], rpm: 60, concurrency: 4, monthlyQuota: 100, status: "active", createdAt: T0, updatedAt: T0 };
    const key: KeyRecord = { id: `key_cache_${n}`, appId: app.id, name: null, digest: `cache-${n}`.padEnd(64, "0"), hint: "h", createdAt: T0, expiresAt: null, revokedAt: null, lastUsedAt: null };
    await there.apps.insert(app);
    await there.keys.insert(key);
    return { app, key };
  }

  /** Polls `here` until `seen` holds of the caller; the milliseconds it took, failing past the bound. */
  async function seenAfter(digest: string, seen: (found: Awaited<ReturnType<PostgresKeyStore["findByDigest"]>>) => boolean): Promise<number> {
    const start = performance.now();
    while (!seen(await here.keys.findByDigest(digest))) {
      if (performance.now() - start > CALLER_CACHE_MS + 500) throw new Error("the change was not seen within the bound");
      await Bun.sleep(2);
    }
    return Math.round(performance.now() - start);
  }

  test("a cached caller costs no statement", async () => {
    const { key } = await caller();
    expect((await here.keys.findByDigest(key.digest))?.key.id).toBe(key.id);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await here.keys.findByDigest(key.digest);
    const perLookup = ((performance.now() - started) * 1000) / 1000;
    // A round trip to PostgreSQL costs ~100 µs here; a thousand cached lookups take well under that each.
    expect(perLookup).toBeLessThan(50);
  });

  test("a revocation, a suspension and a capability change through another instance reach this one by notification, well inside the bound", async () => {
    const { key } = await caller();
    await here.keys.findByDigest(key.digest);
    await there.keys.revoke(key.id, T0 + 1);
    const revoked = await seenAfter(key.digest, (found) => found?.key.revokedAt === T0 + 1);

    const other = await caller();
    await here.keys.findByDigest(other.key.digest);
    await there.apps.update(other.app.id, { status: "suspended", capabilities: ["bazi", "liuyao"] }, T0 + 2);
    const suspended = await seenAfter(other.key.digest, (found) => found?.app.status === "suspended" && found.app.capabilities.length === 2);
    console.log(`caller cache: another instance's revocation seen after ${revoked} ms, suspension after ${suspended} ms (bound ${CALLER_CACHE_MS} ms)`);
    expect(Math.max(revoked, suspended)).toBeLessThan(CALLER_CACHE_MS);
  });

  test("a change that notifies nobody is seen once the entry's time is up, not before", async () => {
    let now = 0;
    const keys = new PostgresKeyStore(here.sql, () => now);
    const { key } = await caller();
    // The first lookup starts the listener, whose subscription drops the cache once it is acknowledged.
    await keys.findByDigest(key.digest);
    await Bun.sleep(100);
    expect((await keys.findByDigest(key.digest))?.key.revokedAt).toBeNull();
    // Triggers do not fire for a session in replica mode: no notification is sent.
    await here.sql.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`UPDATE api_keys SET revoked_at = ${T0 + 3} WHERE id = ${key.id}`;
    });
    await Bun.sleep(50);
    now = CALLER_CACHE_MS - 1;
    expect((await keys.findByDigest(key.digest))?.key.revokedAt).toBeNull();
    now = CALLER_CACHE_MS;
    expect((await keys.findByDigest(key.digest))?.key.revokedAt).toBe(T0 + 3);
    await keys.close();
  });

  test("this instance's own changes are seen at once; an unknown digest is never cached", async () => {
    const { app, key } = await caller();
    await here.keys.findByDigest(key.digest);
    await here.apps.update(app.id, { rpm: 7 }, T0 + 4);
    expect((await here.keys.findByDigest(key.digest))?.app.rpm).toBe(7);
    await here.keys.expire(key.id, T0 + 5);
    expect((await here.keys.findByDigest(key.digest))?.key.expiresAt).toBe(T0 + 5);
    const unknown = "u".repeat(64);
    expect(await here.keys.findByDigest(unknown)).toBeNull();
    await there.keys.insert({ ...key, id: "key_cache_late", digest: unknown });
    expect((await here.keys.findByDigest(unknown))?.key.id).toBe("key_cache_late");
  });
});

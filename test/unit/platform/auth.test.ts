/**
 * Bearer authentication (src/platform/auth.ts) on a real SQLite file, with the clock passed in.
 * Expectations: docs/interface-spec.md "Authentication" (`Authorization: Bearer <API_KEY>`; an invalid
 * key is 401 INVALID_API_KEY) and docs/internals.md "Keys" / "Readiness means writable" (`last_used_at`
 * is written at most once a minute per key; it is best-effort bookkeeping). The key is built from an
 * independent CRC-32 (node:zlib) and stored under its HMAC-SHA-256 digest from node:crypto.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { crc32 } from "node:zlib";
import type { SqliteStore } from "../../../src/db/sqlite/store.ts";
import { Authenticator } from "../../../src/platform/auth.ts";
import { rejection, temporaryStores } from "../../helpers/platform-unit.ts";

const PEPPER = "pepper-auth-0123456789";
const T0 = Date.UTC(2026, 10, 28, 9, 0);
const MINUTE = 60_000;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function testKey(body: string): string {
  const head = `ap_test_${body}`;
  let n = crc32(head);
  let sum = "";
  for (let i = 0; i < 6; i++, n = Math.floor(n / 62)) sum = BASE62[n % 62] + sum;
  return head + sum;
}

const openStore = temporaryStores("auth");
let store: SqliteStore;
let keyCounter = 0;
beforeAll(() => {
  store = openStore();
});
afterAll(() => store.close());

/** A fresh test App with one active key; returns the key's id and its secret. */
async function newKey(): Promise<{ id: string; secret: string }> {
  const n = ++keyCounter;
  const appId = `app_auth_${n}`;
  await store.apps.insert({ id: appId, name: `Auth ${n}`, env: "test", capabilities: ["bazi"], rpm: 60, concurrency: 4, monthlyQuota: 1000, status: "active", createdAt: T0, updatedAt: T0 });
  const secret = testKey(`authTestKey${String(n).padStart(21, "0")}`);
  const id = `key_auth_${n}`;
  const digest = createHmac("sha256", PEPPER).update(secret).digest("hex");
  await store.keys.insert({ id, appId, name: null, digest, hint: "ap_test_…", createdAt: T0, expiresAt: null, revokedAt: null, lastUsedAt: null });
  return { id, secret };
}

const refusal = rejection;

describe("the Authorization header", () => {
  test("`Bearer <key>` authenticates the key's App", async () => {
    const { id, secret } = await newKey();
    const caller = await new Authenticator(store, PEPPER).authenticate(`Bearer ${secret}`, "bazi", T0);
    expect(caller.key.id).toBe(id);
    expect(caller.app.id).toBe(caller.key.appId);
  });

  test("the header must begin with the Bearer scheme: text in front of it is refused 401 INVALID_API_KEY", async () => {
    const { secret } = await newKey();
    const err = await refusal(new Authenticator(store, PEPPER).authenticate(`Token Bearer ${secret}`, "bazi", T0));
    expect(err.status).toBe(401);
    expect(err.code).toBe("INVALID_API_KEY");
  });

  test("the header must end with the key: anything after it is refused 401 INVALID_API_KEY", async () => {
    const { secret } = await newKey();
    const err = await refusal(new Authenticator(store, PEPPER).authenticate(`Bearer ${secret} extra`, "bazi", T0));
    expect(err.status).toBe(401);
    expect(err.code).toBe("INVALID_API_KEY");
  });

  // RFC 9110 §5.5: whitespace around a field value is not part of it.
  test("whitespace around the header value is not part of the key", async () => {
    const { id, secret } = await newKey();
    const caller = await new Authenticator(store, PEPPER).authenticate(` Bearer ${secret}\t `, "bazi", T0);
    expect(caller.key.id).toBe(id);
  });
});

describe("last_used_at: written at most once a minute per key, best effort", () => {
  test("the first authentication records the time it was used", async () => {
    const { id, secret } = await newKey();
    await new Authenticator(store, PEPPER).authenticate(`Bearer ${secret}`, "bazi", T0);
    expect((await store.keys.get(id))?.lastUsedAt).toBe(T0);
  });

  test("within a minute of the last write it is not written again; a full minute later it is", async () => {
    const { id, secret } = await newKey();
    const auth = new Authenticator(store, PEPPER);
    await auth.authenticate(`Bearer ${secret}`, "bazi", T0);
    await auth.authenticate(`Bearer ${secret}`, "bazi", T0 + MINUTE - 1);
    expect((await store.keys.get(id))?.lastUsedAt).toBe(T0);
    await auth.authenticate(`Bearer ${secret}`, "bazi", T0 + MINUTE);
    expect((await store.keys.get(id))?.lastUsedAt).toBe(T0 + MINUTE);
  });

  test("a write that failed does not count: the request still succeeds, and the next one within the minute writes", async () => {
    const { id, secret } = await newKey();
    const auth = new Authenticator(store, PEPPER);
    store.sqlite.exec("PRAGMA query_only = ON"); // the database refuses writes, as on a read-only file
    try {
      const caller = await auth.authenticate(`Bearer ${secret}`, "bazi", T0);
      expect(caller.key.id).toBe(id);
    } finally {
      store.sqlite.exec("PRAGMA query_only = OFF");
    }
    expect((await store.keys.get(id))?.lastUsedAt).toBeNull();
    await auth.authenticate(`Bearer ${secret}`, "bazi", T0 + 1_000);
    expect((await store.keys.get(id))?.lastUsedAt).toBe(T0 + 1_000);
  });
});

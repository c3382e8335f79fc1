/**
 * The database's pepper (src/platform/pepper.ts), on a real SQLite file: recorded on first use,
 * another refused with both fingerprints and what to do, and adopted only by revoking every key
 * that can no longer verify.
 */
import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { adoptPepper, checkPepper, PEPPER_FACT, PepperMismatch, pepperFingerprint } from "../../../src/platform/pepper.ts";
import { temporaryStores } from "../../helpers/platform-unit.ts";

const freshStore = temporaryStores("pepper");
const NOW = Date.UTC(2026, 10, 28, 9, 0);

test("the fingerprint is the first 16 hex digits of an HMAC of a fixed label under the pepper: the same for the same pepper, another for another", () => {
  const pepper = "pepper-0123456789-abcdef";
  expect(pepperFingerprint(pepper)).toBe(createHmac("sha256", pepper).update("lingshu pepper fingerprint v1").digest("hex").slice(0, 16));
  expect(pepperFingerprint(pepper)).toMatch(/^[0-9a-f]{16}$/);
  expect(pepperFingerprint(`${pepper}x`)).not.toBe(pepperFingerprint(pepper));
});

describe("checkPepper", () => {
  test("records the first pepper, accepts it again, and refuses another with both fingerprints and the way out", async () => {
    const store = freshStore();
    await checkPepper(store, "first-pepper-0123456789", NOW);
    expect(await store.claimFact(PEPPER_FACT, "anything", NOW)).toBe(pepperFingerprint("first-pepper-0123456789"));
    await checkPepper(store, "first-pepper-0123456789", NOW + 1);
    const refused = await checkPepper(store, "other-pepper-0123456789", NOW + 2).then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(PepperMismatch);
    const mismatch = refused as PepperMismatch;
    expect([mismatch.ours, mismatch.stored]).toEqual([pepperFingerprint("other-pepper-0123456789"), pepperFingerprint("first-pepper-0123456789")]);
    expect(mismatch.message).toContain(`fingerprint ${mismatch.ours}, the database's ${mismatch.stored}`);
    expect(mismatch.message).toContain('lingshu pepper adopt --yes');
    await store.close();
  });

  // The fact's name is part of the database (src/db/sqlite/schema.ts: database_facts holds one row
  // `pepper_fingerprint`): a database another process or release wrote is read under that name.
  test("keeps the fingerprint in the database_facts row named pepper_fingerprint, and reads one already there", async () => {
    const store = freshStore();
    await checkPepper(store, "first-pepper-0123456789", NOW);
    expect(store.sqlite.query("SELECT name, value FROM database_facts").all()).toEqual([{ name: "pepper_fingerprint", value: pepperFingerprint("first-pepper-0123456789") }]);
    const written = freshStore();
    written.sqlite.run("INSERT INTO database_facts (name, value, created_at) VALUES ('pepper_fingerprint', ?, ?)", [pepperFingerprint("their-pepper-0123456789"), NOW]);
    await expect(checkPepper(written, "other-pepper-0123456789", NOW + 1)).rejects.toBeInstanceOf(PepperMismatch);
    await store.close();
    await written.close();
  });
});

describe("adoptPepper", () => {
  test("makes the new pepper the database's and revokes every active key of every App, leaving revoked ones as they were", async () => {
    const store = freshStore();
    await checkPepper(store, "lost-pepper-0123456789", NOW);
    const app = (id: string) => ({ id, name: id, env: "test" as const, capabilities: ["bazi" as const], rpm: 60, concurrency: 4, monthlyQuota: 100, status: "active" as const, createdAt: NOW, updatedAt: NOW });
    const key = (id: string, appId: string, revokedAt: number | null) => ({ id, appId, name: null, digest: `${id}`.padEnd(64, "0"), hint: "ap_test_…0000", createdAt: NOW, expiresAt: null, revokedAt, lastUsedAt: null });
    await store.apps.insert(app("app_one"));
    await store.apps.insert(app("app_two"));
    await store.keys.insert(key("key_a", "app_one", null));
    await store.keys.insert(key("key_b", "app_one", NOW - 1000));
    await store.keys.insert(key("key_c", "app_two", null));
    const revoked = await adoptPepper(store, "new-pepper-0123456789", NOW + 5);
    expect(revoked.sort()).toEqual(["key_a", "key_c"]);
    const keys = [...(await store.keys.list("app_one")), ...(await store.keys.list("app_two"))].map((k) => [k.id, k.revokedAt]).sort();
    expect(keys).toEqual([["key_a", NOW + 5], ["key_b", NOW - 1000], ["key_c", NOW + 5]]);
    await checkPepper(store, "new-pepper-0123456789", NOW + 6);
    await expect(checkPepper(store, "lost-pepper-0123456789", NOW + 7)).rejects.toBeInstanceOf(PepperMismatch);
    await store.close();
  });
});

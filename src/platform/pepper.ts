/**
 * The pepper a database was first used with. Key digests are HMACs under KEY_PEPPER, so a process
 * started with another pepper verifies none of the database's keys (every request a 401) and
 * creates keys the real one cannot verify. The database keeps a fingerprint of its pepper
 * (database_facts) and every process that opens it for keys — the server and the operator CLI —
 * compares its own first. The fingerprint is an HMAC of a fixed label: it shows whether two
 * peppers are the same and nothing of the pepper itself.
 */
import { createHmac } from "node:crypto";
import type { Storage } from "../db/storage.ts";

export const PEPPER_FACT = "pepper_fingerprint";
const LABEL = "lingshu pepper fingerprint v1";

/** 16 hex digits: enough to tell peppers apart, short enough to read out. */
export const pepperFingerprint = (pepper: string) => createHmac("sha256", pepper).update(LABEL).digest("hex").slice(0, 16);

/** This process's pepper is not the database's; the message says what to do. */
export class PepperMismatch extends Error {
  constructor(
    readonly ours: string,
    readonly stored: string,
  ) {
    super(
      `KEY_PEPPER is not the pepper this database was first used with (fingerprint ${ours}, the database's ${stored}): none of its API keys would verify. ` +
        `Start with the original KEY_PEPPER; if it is lost, run "lingshu pepper adopt --yes" once with the new one (every existing key is revoked; create new keys).`,
    );
  }
}

/** Records the pepper on first use; afterwards refuses another. @throws PepperMismatch */
export async function checkPepper(store: Storage, pepper: string, now: number): Promise<void> {
  const ours = pepperFingerprint(pepper);
  const stored = await store.claimFact(PEPPER_FACT, ours, now);
  if (stored !== ours) throw new PepperMismatch(ours, stored);
}

/**
 * Makes `pepper` the database's, after the old one was lost: records its fingerprint and revokes
 * every key still active, since none of them can be verified any more.
 * @returns the ids of the keys revoked
 */
export async function adoptPepper(store: Storage, pepper: string, now: number): Promise<string[]> {
  await store.claimFact(PEPPER_FACT, pepperFingerprint(pepper), now, true);
  const revoked: string[] = [];
  for (const app of await store.apps.list()) {
    for (const key of await store.keys.list(app.id)) {
      if (key.revokedAt !== null) continue;
      await store.keys.revoke(key.id, now);
      revoked.push(key.id);
    }
  }
  return revoked;
}

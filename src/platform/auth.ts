/**
 * Bearer-key authentication. It runs before the body is read, so a bad key
 * with a malformed body is a 401. The key's shape and checksum are checked
 * before any database read.
 */
import { ApiError } from "./errors.ts";
import { digestKey, parseKey } from "./keys.ts";
import type { Storage } from "../db/storage.ts";
import type { AppRecord, Capability, KeyRecord } from "../db/types.ts";

export interface Caller {
  app: AppRecord;
  key: KeyRecord;
}

/** Writing last_used_at on every request would turn each read into a write; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export class Authenticator {
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly store: Storage,
    private readonly pepper: string,
  ) {}

  /** @throws ApiError INVALID_API_KEY / APP_SUSPENDED / CAPABILITY_NOT_GRANTED */
  async authenticate(authorization: string | null, capability: Capability | null, now: number): Promise<Caller> {
    if (!authorization) throw invalid("Send your API key as: Authorization: Bearer ap_test_… (or ap_live_…).");
    const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
    if (!match) throw invalid("The Authorization header must be: Bearer <API key>.");
    const token = match[1]!;
    const env = parseKey(token);
    if (!env) throw invalid("The API key is malformed or mistyped (its checksum does not match).");
    const found = await this.store.keys.findByDigest(digestKey(token, this.pepper));
    if (!found) throw invalid("The API key is not recognised.");
    const { key, app } = found;
    if (key.revokedAt !== null) throw invalid("The API key has been revoked.");
    if (key.expiresAt !== null && key.expiresAt <= now) throw invalid("The API key has expired.");
    if (app.env !== env) throw invalid(`A ${env} key cannot be used with a ${app.env} App.`);
    if (app.status === "suspended") throw new ApiError("APP_SUSPENDED", "This App is suspended; contact the platform operator.");
    if (capability && !app.capabilities.includes(capability)) {
      throw new ApiError("CAPABILITY_NOT_GRANTED", `The capability "${capability}" is not granted to this App; contact the platform operator.`, {
        fields: { capability },
      });
    }
    await this.touch(key.id, now);
    return { app, key };
  }

  private async touch(keyId: string, now: number): Promise<void> {
    const last = this.lastTouched.get(keyId) ?? 0;
    if (now - last < TOUCH_INTERVAL_MS) return;
    this.lastTouched.set(keyId, now);
    // Best effort: a read must not fail because its bookkeeping cannot be written (full disk).
    await this.store.keys.touch(keyId, now).catch(() => this.lastTouched.delete(keyId));
  }
}

function invalid(message: string): ApiError {
  return new ApiError("INVALID_API_KEY", message);
}

/**
 * Operator actions on Apps, keys and usage — shared by the command line and by
 * the server's first-start bootstrap. No argument parsing here.
 */
import { newId } from "../ids.ts";
import { digestKey, generateKey, keyHint } from "../platform/keys.ts";
import { utcMonth } from "../platform/usage.ts";
import type { AppChanges, Storage } from "../db/storage.ts";
import type { AppEnv, AppRecord, Capability, KeyRecord } from "../db/types.ts";

export const DEFAULT_LIMITS = { rpm: 600, concurrency: 10, monthlyQuota: 10_000 };

export class OperatorError extends Error {}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The public JSON shape of an App. */
export function appJson(app: AppRecord) {
  return {
    id: app.id,
    object: "app",
    name: app.name,
    env: app.env,
    capabilities: app.capabilities,
    rpm: app.rpm,
    concurrency: app.concurrency,
    monthly_quota: app.monthlyQuota,
    status: app.status,
    created_at: iso(app.createdAt),
    updated_at: iso(app.updatedAt),
  };
}

/** The public JSON shape of a key (never the plaintext). */
export function keyJson(key: KeyRecord, now: number) {
  const status = key.revokedAt !== null ? "revoked" : key.expiresAt !== null && key.expiresAt <= now ? "expired" : "active";
  return {
    id: key.id,
    object: "api_key",
    app_id: key.appId,
    name: key.name,
    hint: key.hint,
    status,
    created_at: iso(key.createdAt),
    expires_at: iso(key.expiresAt),
    revoked_at: iso(key.revokedAt),
    last_used_at: iso(key.lastUsedAt),
  };
}

export interface NewApp {
  name: string;
  env: AppEnv;
  capabilities: Capability[];
  rpm?: number;
  concurrency?: number;
  monthlyQuota?: number;
}

export class Operator {
  constructor(
    private readonly store: Storage,
    private readonly pepper: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async createApp(input: NewApp): Promise<AppRecord> {
    const now = this.clock();
    const app: AppRecord = {
      id: newId("app"),
      name: input.name,
      env: input.env,
      capabilities: [...new Set(input.capabilities)],
      rpm: input.rpm ?? DEFAULT_LIMITS.rpm,
      concurrency: input.concurrency ?? DEFAULT_LIMITS.concurrency,
      monthlyQuota: input.monthlyQuota ?? DEFAULT_LIMITS.monthlyQuota,
      status: "active",
      createdAt: now,
      updatedAt: now,
    };
    await this.store.apps.insert(app);
    return app;
  }

  async requireApp(id: string): Promise<AppRecord> {
    const app = await this.store.apps.get(id);
    if (!app) throw new OperatorError(`no App with id ${id}`);
    return app;
  }

  async updateApp(id: string, changes: AppChanges): Promise<AppRecord> {
    await this.requireApp(id);
    return (await this.store.apps.update(id, changes, this.clock()))!;
  }

  async grant(id: string, caps: Capability[], on: boolean): Promise<AppRecord> {
    const app = await this.requireApp(id);
    const set = new Set(app.capabilities);
    for (const c of caps) on ? set.add(c) : set.delete(c);
    const ordered = (["bazi", "liuyao", "healing"] as Capability[]).filter((c) => set.has(c));
    return this.updateApp(id, { capabilities: ordered });
  }

  /** Deletes the App and every row it owns (db/app-deletion.ts); the rows deleted by table. */
  async deleteApp(id: string): Promise<Record<string, number>> {
    const deleted = await this.store.apps.delete(id);
    if (!deleted) throw new OperatorError(`no App with id ${id}`);
    return deleted;
  }

  /** Creates a key; the plaintext is returned here and never again. */
  async createKey(appId: string, name: string | null, expiresAt: number | null): Promise<{ record: KeyRecord; key: string }> {
    const app = await this.requireApp(appId);
    const key = generateKey(app.env);
    const record: KeyRecord = {
      id: newId("key"),
      appId,
      name,
      digest: digestKey(key, this.pepper),
      hint: keyHint(key),
      createdAt: this.clock(),
      expiresAt,
      revokedAt: null,
      lastUsedAt: null,
    };
    await this.store.keys.insert(record);
    return { record, key };
  }

  async listKeys(appId: string): Promise<KeyRecord[]> {
    await this.requireApp(appId);
    return this.store.keys.list(appId);
  }

  async revokeKey(keyId: string): Promise<KeyRecord> {
    const key = await this.store.keys.revoke(keyId, this.clock());
    if (!key) throw new OperatorError(`no key with id ${keyId}`);
    return key;
  }

  /**
   * A new key for the old key's App (same name), and the old one set to expire after `graceMs`
   * (kept if it already expires sooner): clients move to the new key without an outage.
   */
  async rotateKey(keyId: string, graceMs: number): Promise<{ created: { record: KeyRecord; key: string }; old: KeyRecord }> {
    const old = await this.store.keys.get(keyId);
    if (!old) throw new OperatorError(`no key with id ${keyId}`);
    const now = this.clock();
    if (old.revokedAt !== null || (old.expiresAt !== null && old.expiresAt <= now)) {
      throw new OperatorError(`key ${keyId} no longer works (revoked or expired): create a new one with "lingshu key create ${old.appId}"`);
    }
    const created = await this.createKey(old.appId, old.name, null);
    const expired = await this.store.keys.expire(keyId, now + graceMs);
    return { created, old: expired! };
  }

  async usage(appId: string, month: string | null) {
    await this.requireApp(appId);
    const m = month ?? utcMonth(this.clock());
    const u = await this.store.usage.get(appId, m);
    return { app_id: appId, month: m, billing_units: u.billingUnits, requests: u.requests };
  }
}

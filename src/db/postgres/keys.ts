/** API keys on PostgreSQL. */
import type { SQL } from "bun";
import { num, toApp, type Row } from "./apps.ts";
import type { KeyStore } from "../storage.ts";
import type { AppRecord, KeyRecord } from "../types.ts";

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toKey(r: Row): KeyRecord {
  return {
    id: r.id,
    appId: r.app_id,
    name: r.name,
    digest: r.digest,
    hint: r.hint,
    createdAt: num(r.created_at),
    expiresAt: numOrNull(r.expires_at),
    revokedAt: numOrNull(r.revoked_at),
    lastUsedAt: numOrNull(r.last_used_at),
  };
}

export class PostgresKeyStore implements KeyStore {
  constructor(private readonly sql: SQL) {}

  async insert(key: KeyRecord): Promise<void> {
    await this.sql`
      INSERT INTO api_keys (id, app_id, name, digest, hint, created_at, expires_at, revoked_at, last_used_at)
      VALUES (${key.id}, ${key.appId}, ${key.name}, ${key.digest}, ${key.hint}, ${key.createdAt}, ${key.expiresAt}, ${key.revokedAt}, ${key.lastUsedAt})`;
  }

  /**
   * The key and its App, read fresh on every request: one statement down two unique
   * indexes (digest, then the App's id). No cache: with other instances and the
   * operator CLI writing, a cache would need a version read per request to notice a
   * revoked key or a suspended App at once, which costs the same round trip as
   * this read, so it would save nothing.
   */
  async findByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null> {
    const [row] = await this.sql`
      SELECT k.id, k.app_id, k.name, k.digest, k.hint, k.created_at, k.expires_at, k.revoked_at, k.last_used_at,
        a.name AS app_name, a.env AS app_env, a.capabilities AS app_capabilities, a.rpm AS app_rpm, a.concurrency AS app_concurrency,
        a.monthly_quota AS app_monthly_quota, a.status AS app_status, a.created_at AS app_created_at, a.updated_at AS app_updated_at
      FROM api_keys k JOIN apps a ON a.id = k.app_id
      WHERE k.digest = ${digest}`;
    if (!row) return null;
    const app = toApp({
      id: row.app_id,
      name: row.app_name,
      env: row.app_env,
      capabilities: row.app_capabilities,
      rpm: row.app_rpm,
      concurrency: row.app_concurrency,
      monthly_quota: row.app_monthly_quota,
      status: row.app_status,
      created_at: row.app_created_at,
      updated_at: row.app_updated_at,
    });
    return { key: toKey(row), app };
  }

  async list(appId: string): Promise<KeyRecord[]> {
    return (await this.sql`SELECT * FROM api_keys WHERE app_id = ${appId} ORDER BY created_at, id COLLATE "C"`).map(toKey);
  }

  async get(id: string): Promise<KeyRecord | null> {
    const [row] = await this.sql`SELECT * FROM api_keys WHERE id = ${id}`;
    return row ? toKey(row) : null;
  }

  async revoke(id: string, now: number): Promise<KeyRecord | null> {
    await this.sql`UPDATE api_keys SET revoked_at = ${now} WHERE id = ${id} AND revoked_at IS NULL`;
    return this.get(id);
  }

  async expire(id: string, at: number): Promise<KeyRecord | null> {
    await this.sql`UPDATE api_keys SET expires_at = ${at} WHERE id = ${id} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at})`;
    return this.get(id);
  }

  async touch(id: string, now: number): Promise<void> {
    await this.sql`UPDATE api_keys SET last_used_at = ${now} WHERE id = ${id}`;
  }
}

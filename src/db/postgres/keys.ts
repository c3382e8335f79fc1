/**
 * API keys on PostgreSQL, with the authenticated callers cached: a request then costs no round trip
 * to find its key and App. Other instances and the operator CLI change keys and Apps too, so the
 * cache is dropped whenever PostgreSQL says one changed (migration 0006 notifies lingshu_callers
 * from triggers; every instance listens), and an entry is trusted for CALLER_CACHE_MS at most:
 * a revocation, a suspension or a capability change is seen by every instance at once when the
 * notification arrives, and within CALLER_CACHE_MS when it does not (the listener reconnecting, a
 * pooler in transaction mode that does not pass LISTEN through).
 */
import type { SQL } from "bun";
import { num, toApp, type Row } from "./apps.ts";
import type { KeyStore } from "../storage.ts";
import type { AppRecord, KeyRecord } from "../types.ts";

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The longest a cached caller is trusted without a notification: the bound on how late a change is seen. */
export const CALLER_CACHE_MS = 1_000;
/** The channel migration 0006's triggers notify. */
export const CALLERS_CHANNEL = "lingshu_callers";
const MAX_CACHED_CALLERS = 10_000;

type Caller = { key: KeyRecord; app: AppRecord };

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
  private readonly callers = new Map<string, { caller: Caller; until: number }>();
  /** Moves whenever the cache is dropped: a read that began before a drop does not fill the cache after it. */
  private generation = 0;
  private listening: Promise<SQL.ListenSubscription | null> | null = null;

  constructor(
    private readonly sql: SQL,
    /** Milliseconds on a monotonic clock. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  forgetCallers(): void {
    this.callers.clear();
    this.generation++;
  }

  /**
   * Starts listening for changes (once; the first lookup starts it, so a CLI command opens no extra
   * connection). Bun re-subscribes after a dropped connection and calls back again: the cache is
   * dropped then too, since notifications may have been missed meanwhile.
   */
  private listen(): void {
    this.listening ??= this.sql
      .listen(CALLERS_CHANNEL, () => this.forgetCallers(), () => this.forgetCallers())
      .catch(() => {
        // No listener (the database down, a pooler refusing LISTEN): entries still expire; try again later.
        this.listening = null;
        return null;
      });
  }

  async close(): Promise<void> {
    const subscription = await this.listening;
    this.listening = null;
    await subscription?.unlisten().catch(() => {});
  }

  async insert(key: KeyRecord): Promise<void> {
    await this.sql`
      INSERT INTO api_keys (id, app_id, name, digest, hint, created_at, expires_at, revoked_at, last_used_at)
      VALUES (${key.id}, ${key.appId}, ${key.name}, ${key.digest}, ${key.hint}, ${key.createdAt}, ${key.expiresAt}, ${key.revokedAt}, ${key.lastUsedAt})`;
    this.forgetCallers();
  }

  /** The key and its App: from the cache while it may be trusted, else one statement down two unique indexes. */
  async findByDigest(digest: string): Promise<Caller | null> {
    const now = this.clock();
    const cached = this.callers.get(digest);
    if (cached && cached.until > now) return cached.caller;
    this.listen();
    const generation = this.generation;
    const caller = await this.read(digest);
    // Misses are not cached: they would let anyone fill the memory.
    if (!caller || generation !== this.generation) return caller;
    if (this.callers.size >= MAX_CACHED_CALLERS) this.callers.clear();
    this.callers.set(digest, { caller, until: now + CALLER_CACHE_MS });
    return caller;
  }

  private async read(digest: string): Promise<Caller | null> {
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
    this.forgetCallers();
    return this.get(id);
  }

  async expire(id: string, at: number): Promise<KeyRecord | null> {
    await this.sql`UPDATE api_keys SET expires_at = ${at} WHERE id = ${id} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at})`;
    this.forgetCallers();
    return this.get(id);
  }

  async touch(id: string, now: number): Promise<void> {
    await this.sql`UPDATE api_keys SET last_used_at = ${now} WHERE id = ${id}`;
  }
}

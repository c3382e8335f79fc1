/**
 * API keys on SQLite, with the authenticated callers kept in memory: every request needs one.
 * They are dropped whenever the keys or Apps may have changed: by this connection (the methods
 * below, and the App store through forgetCallers) or by another process such as the operator CLI
 * (SQLite's data_version moves).
 */
import type { Database } from "bun:sqlite";
import { and, eq, sql } from "drizzle-orm";
import { apiKeys, apps } from "./schema.ts";
import type { Db } from "./client.ts";
import { toApp } from "./apps.ts";
import type { KeyStore } from "../storage.ts";
import type { AppRecord, KeyRecord } from "../types.ts";

const MAX_CACHED_CALLERS = 10_000;
/**
 * How often another process's change to keys or Apps is looked for: reading data_version opens a
 * read transaction (WAL locks), which cost more than the rest of authentication; once a millisecond
 * serves every request of a busy event-loop turn with one read and delays a CLI revocation by ≤ 1 ms.
 */
const CALLERS_RECHECK_MS = 1;

export class SqliteKeyStore implements KeyStore {
  private callers = new Map<string, { key: KeyRecord; app: AppRecord }>();
  private callersVersion = -1;
  /** When data_version was last read (performance.now()); see CALLERS_RECHECK_MS. */
  private callersCheckedAt = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly sqlite: Database,
  ) {}

  /** Prepared once, after migrations: building a drizzle query costs more than running it, and these run on every request. */
  private hot?: ReturnType<SqliteKeyStore["prepare"]>;
  private get statements() {
    return (this.hot ??= this.prepare());
  }

  private prepare() {
    return {
      // Two indexed lookups: SQLite runs the join form of this read several times slower.
      keyByDigest: this.db.select().from(apiKeys).where(eq(apiKeys.digest, sql.placeholder("digest"))).prepare(),
      appById: this.db.select().from(apps).where(eq(apps.id, sql.placeholder("id"))).prepare(),
      dataVersion: this.sqlite.query<{ data_version: number }, []>("PRAGMA data_version"),
    };
  }

  forgetCallers(): void {
    this.callers.clear();
  }

  async insert(key: KeyRecord): Promise<void> {
    this.db.insert(apiKeys).values(key).run();
    this.forgetCallers();
  }

  async findByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null> {
    const checkedAt = performance.now();
    if (checkedAt - this.callersCheckedAt >= CALLERS_RECHECK_MS) {
      this.callersCheckedAt = checkedAt;
      const version = this.statements.dataVersion.get()!.data_version;
      if (version !== this.callersVersion) {
        this.callers.clear();
        this.callersVersion = version;
      }
    }
    const cached = this.callers.get(digest);
    if (cached) return cached;
    const key = this.statements.keyByDigest.get({ digest });
    if (!key) return null; // misses are not cached: they would let anyone fill the memory
    const app = this.statements.appById.get({ id: key.appId });
    if (!app) return null;
    const found = { key, app: toApp(app) };
    if (this.callers.size >= MAX_CACHED_CALLERS) this.callers.clear();
    this.callers.set(digest, found);
    return found;
  }

  async list(appId: string): Promise<KeyRecord[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.appId, appId)).orderBy(apiKeys.createdAt, apiKeys.id).all();
  }

  async get(id: string): Promise<KeyRecord | null> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get() ?? null;
  }

  async revoke(id: string, now: number): Promise<KeyRecord | null> {
    this.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} IS NULL`)).run();
    this.forgetCallers();
    return this.get(id);
  }

  async expire(id: string, at: number): Promise<KeyRecord | null> {
    this.db
      .update(apiKeys)
      .set({ expiresAt: at })
      .where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} IS NULL`, sql`(${apiKeys.expiresAt} IS NULL OR ${apiKeys.expiresAt} > ${at})`))
      .run();
    this.forgetCallers();
    return this.get(id);
  }

  async touch(id: string, now: number): Promise<void> {
    this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
  }
}

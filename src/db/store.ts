/**
 * The one module that owns storage. Every method is async so a PostgreSQL
 * backend can implement the same interface; on SQLite each runs synchronously
 * inside one call, which makes each method atomic in this single-threaded process.
 */
import type { Database } from "bun:sqlite";
import { and, eq, lt, sql } from "drizzle-orm";
import { apiKeys, apps, idempotencyRecords, usageMonths } from "./schema.ts";
import { appliedMigrations, migrate, migrationsComplete, openDatabase, toDrizzle, type Db } from "./client.ts";
import type {
  AppRecord,
  Capability,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyCompletion,
  IdempotencyRecord,
  KeyRecord,
  UsageRecord,
} from "./types.ts";

type AppRow = typeof apps.$inferSelect;

/** bun:sqlite's run() returns {changes} at run time; drizzle types it as void. */
const changes = (result: unknown) => result as { changes: number };

function toApp(row: AppRow): AppRecord {
  return { ...row, capabilities: JSON.parse(row.capabilities) as Capability[] };
}

export type AppChanges = Partial<Pick<AppRecord, "rpm" | "concurrency" | "monthlyQuota" | "status" | "capabilities">>;

export class Store {
  readonly db: Db;

  constructor(readonly sqlite: Database) {
    this.db = toDrizzle(sqlite);
  }

  /** The hottest read of the service (every authenticated request): prepared once, after migrations. */
  private keyWithAppQuery?: ReturnType<Store["prepareKeyWithApp"]>;
  private prepareKeyWithApp() {
    return this.db
      .select({ key: apiKeys, app: apps })
      .from(apiKeys)
      .innerJoin(apps, eq(apps.id, apiKeys.appId))
      .where(eq(apiKeys.digest, sql.placeholder("digest")))
      .prepare();
  }

  // ── readiness ────────────────────────────────────────────────────────────
  migrate(): string[] {
    return migrate(this.sqlite);
  }

  /** True when the database answers and every embedded migration is applied. */
  async isReady(): Promise<boolean> {
    try {
      this.sqlite.query("SELECT 1").get();
      return migrationsComplete(this.sqlite);
    } catch {
      return false;
    }
  }

  appliedMigrations(): string[] {
    return appliedMigrations(this.sqlite);
  }

  close(): void {
    this.sqlite.close(false);
  }

  /**
   * Runs `work` in one transaction together with the idempotency completion, so a
   * business write and its stored answer land (or vanish) together.
   */
  async atomically<T>(work: (db: Db) => T, completion?: IdempotencyCompletion): Promise<T> {
    return this.db.transaction((tx) => {
      const result = work(tx as unknown as Db);
      if (completion) this.writeCompletion(tx as unknown as Db, completion);
      return result;
    });
  }

  // ── apps ─────────────────────────────────────────────────────────────────
  async insertApp(app: AppRecord): Promise<void> {
    this.db.insert(apps).values({ ...app, capabilities: JSON.stringify(app.capabilities) }).run();
  }

  async getApp(id: string): Promise<AppRecord | null> {
    const row = this.db.select().from(apps).where(eq(apps.id, id)).get();
    return row ? toApp(row) : null;
  }

  async listApps(): Promise<AppRecord[]> {
    return this.db.select().from(apps).orderBy(apps.createdAt, apps.id).all().map(toApp);
  }

  async countApps(): Promise<number> {
    return this.db.select({ n: sql<number>`count(*)` }).from(apps).get()?.n ?? 0;
  }

  async updateApp(id: string, changes: AppChanges, now: number): Promise<AppRecord | null> {
    const { capabilities, ...rest } = changes;
    const values: Partial<AppRow> = { ...rest, updatedAt: now };
    if (capabilities) values.capabilities = JSON.stringify(capabilities);
    this.db.update(apps).set(values).where(eq(apps.id, id)).run();
    return this.getApp(id);
  }

  // ── keys ─────────────────────────────────────────────────────────────────
  async insertKey(key: KeyRecord): Promise<void> {
    this.db.insert(apiKeys).values(key).run();
  }

  async findKeyByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null> {
    this.keyWithAppQuery ??= this.prepareKeyWithApp();
    const row = this.keyWithAppQuery.get({ digest });
    return row ? { key: row.key, app: toApp(row.app) } : null;
  }

  async listKeys(appId: string): Promise<KeyRecord[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.appId, appId)).orderBy(apiKeys.createdAt, apiKeys.id).all();
  }

  async getKey(id: string): Promise<KeyRecord | null> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get() ?? null;
  }

  async revokeKey(id: string, now: number): Promise<KeyRecord | null> {
    this.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} IS NULL`)).run();
    return this.getKey(id);
  }

  async touchKey(id: string, now: number): Promise<void> {
    this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
  }

  // ── idempotency ──────────────────────────────────────────────────────────
  /**
   * Claims (app, key) atomically. An expired record, or an in-progress claim whose
   * lock ran out (its process died), is taken over; otherwise the existing record is returned.
   */
  async claimIdempotency(c: IdempotencyClaim): Promise<ClaimResult> {
    const fresh = {
      appId: c.appId,
      key: c.key,
      fingerprint: c.fingerprint,
      state: "in_progress" as const,
      status: null,
      body: null,
      requestId: c.requestId,
      createdAt: c.now,
      expiresAt: c.now + c.ttlMs,
      lockedUntil: c.now + c.lockMs,
    };
    const inserted = changes(this.db.insert(idempotencyRecords).values(fresh).onConflictDoNothing().run());
    if (inserted.changes === 1) return { kind: "claimed" };
    const where = and(eq(idempotencyRecords.appId, c.appId), eq(idempotencyRecords.key, c.key));
    const existing = this.db.select().from(idempotencyRecords).where(where).get() as IdempotencyRecord | undefined;
    if (!existing) return this.claimIdempotency(c);
    const abandoned = existing.state === "in_progress" && existing.lockedUntil <= c.now && existing.fingerprint === c.fingerprint;
    if (existing.expiresAt <= c.now || abandoned) {
      const taken = changes(
        this.db
          .update(idempotencyRecords)
          .set(fresh)
          .where(and(where, eq(idempotencyRecords.requestId, existing.requestId)))
          .run(),
      );
      if (taken.changes === 1) return { kind: "claimed" };
      return this.claimIdempotency(c);
    }
    return { kind: "existing", record: existing };
  }

  /** Stores a final answer that has no business write of its own (e.g. a replayable 404). */
  async completeIdempotency(completion: IdempotencyCompletion): Promise<void> {
    this.writeCompletion(this.db, completion);
  }

  /** Forgets a claim whose request must run again on retry (5xx, 503/504). */
  async releaseIdempotency(appId: string, key: string, requestId: string): Promise<void> {
    this.db
      .delete(idempotencyRecords)
      .where(
        and(
          eq(idempotencyRecords.appId, appId),
          eq(idempotencyRecords.key, key),
          eq(idempotencyRecords.requestId, requestId),
          eq(idempotencyRecords.state, "in_progress"),
        ),
      )
      .run();
  }

  async purgeExpiredIdempotency(now: number): Promise<number> {
    return changes(this.db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now)).run()).changes;
  }

  async getIdempotency(appId: string, key: string): Promise<IdempotencyRecord | null> {
    const row = this.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.appId, appId), eq(idempotencyRecords.key, key)))
      .get();
    return (row as IdempotencyRecord | undefined) ?? null;
  }

  private writeCompletion(db: Db, c: IdempotencyCompletion): void {
    db.update(idempotencyRecords)
      .set({ state: "completed", status: c.status, body: c.body })
      .where(
        and(
          eq(idempotencyRecords.appId, c.appId),
          eq(idempotencyRecords.key, c.key),
          eq(idempotencyRecords.requestId, c.requestId),
        ),
      )
      .run();
  }

  // ── usage ────────────────────────────────────────────────────────────────
  async addRequests(counts: Map<string, number>, month: string): Promise<void> {
    if (counts.size === 0) return;
    this.db.transaction((tx) => {
      for (const [appId, n] of counts) {
        tx.insert(usageMonths)
          .values({ appId, month, requests: n, billingUnits: 0 })
          .onConflictDoUpdate({ target: [usageMonths.appId, usageMonths.month], set: { requests: sql`${usageMonths.requests} + ${n}` } })
          .run();
      }
    });
  }

  /** Adds billing units; call inside `atomically` so the unit lands with the resource it pays for. */
  addBillingUnits(db: Db, appId: string, month: string, units: number): void {
    db.insert(usageMonths)
      .values({ appId, month, requests: 0, billingUnits: units })
      .onConflictDoUpdate({
        target: [usageMonths.appId, usageMonths.month],
        set: { billingUnits: sql`${usageMonths.billingUnits} + ${units}` },
      })
      .run();
  }

  async getUsage(appId: string, month: string): Promise<UsageRecord> {
    const row = this.db
      .select()
      .from(usageMonths)
      .where(and(eq(usageMonths.appId, appId), eq(usageMonths.month, month)))
      .get();
    return row ?? { appId, month, billingUnits: 0, requests: 0 };
  }
}

/** Opens the database at `path`, applies migrations and returns the Store. */
export function openStore(path: string): Store {
  const store = new Store(openDatabase(path));
  store.migrate();
  return store;
}

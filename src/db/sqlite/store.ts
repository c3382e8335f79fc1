/**
 * The embedded SQLite backend of the Storage contract (../storage.ts). On SQLite
 * each method runs synchronously inside one call, which makes each atomic in
 * this single-threaded process; request-path writes are group-committed.
 */
import type { Database } from "bun:sqlite";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { apiKeys, apps, databaseFacts, idempotencyRecords, readinessProbe, recordFragments, SUBJECT_TABLES, usageMonths } from "./schema.ts";
import { recordFragment, RecordFragments } from "../record-fragments.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";
import type { AppChanges, ErasureCounts, Storage, StorageObserver, SubjectKind } from "../storage.ts";
import { eraseEndUserIn } from "./erasure.ts";
import { SubjectRepository } from "./subjects.ts";
import { SqliteSessionStore } from "./healing.ts";
import { ResponseRepository } from "./responses.ts";
import { SUBJECT_KINDS, subjectKindOf } from "../../subjects.ts";
import { appliedMigrations, migrate, migrationsComplete, openDatabase, toDrizzle, type Db } from "./client.ts";
import { WriteBatch } from "./write-batch.ts";
import { backupDatabase, type BackupResult } from "./backup.ts";
import { APP_DELETION, APP_ROW, type AppDeletionCounts } from "../app-deletion.ts";
import type { SqliteKernel } from "./kernel.ts";
import { BackgroundCheckpoints, DEFAULT_CHECKPOINTER, type CheckpointerSettings } from "./checkpoints.ts";
import type {
  AppRecord,
  Capability,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyCompletion,
  IdempotencyRecord,
  KeyRecord,
  UsageRecord,
} from "../types.ts";
import { IdempotencyClaimLost, MonthlyQuotaExhausted } from "../types.ts";

type AppRow = typeof apps.$inferSelect;

/** bun:sqlite's run() returns {changes} at run time; drizzle types it as void. */
const changes = (result: unknown) => result as { changes: number };

function toApp(row: AppRow): AppRecord {
  return { ...row, capabilities: JSON.parse(row.capabilities) as Capability[] };
}

/** The Subject table (whose `record` is a resource's complete answer) an id belongs to by its prefix, or undefined. */
const recordTableOf = (id: string) => {
  const kind = subjectKindOf(id);
  return kind && SUBJECT_TABLES[kind];
};

export class SqliteStore implements Storage, SqliteKernel {
  readonly backend = "sqlite" as const;
  readonly db: Db;
  readonly subjects: Readonly<Record<SubjectKind, SubjectRepository>>;
  readonly sessions: SqliteSessionStore;
  readonly responses: ResponseRepository;

  /** Request-path writes are group-committed: see write-batch.ts. */
  private readonly writes: WriteBatch;

  constructor(readonly sqlite: Database) {
    this.db = toDrizzle(sqlite);
    this.writes = new WriteBatch(sqlite);
    const subjects = Object.fromEntries(SUBJECT_KINDS.map((kind) => [kind, new SubjectRepository(this, kind)])) as Record<SubjectKind, SubjectRepository>;
    this.subjects = subjects;
    this.sessions = new SqliteSessionStore(this);
    this.responses = new ResponseRepository(this);
    // Downstream data vanishes in its Subject's own delete transaction.
    for (const repository of Object.values(subjects)) repository.onDelete(this.responses.deleteForSubject);
    subjects.plan.onDelete(this.sessions.deleteForPlan);
  }

  /**
   * Hot statements, prepared once (after migrations): building a drizzle query
   * costs more than running it, and these run on every request.
   */
  private hot?: ReturnType<SqliteStore["prepareHotStatements"]>;
  private get statements() {
    return (this.hot ??= this.prepareHotStatements());
  }

  private prepareHotStatements() {
    const idem = idempotencyRecords;
    return {
      // Two indexed lookups: SQLite runs the join form of this read several times slower.
      keyByDigest: this.db.select().from(apiKeys).where(eq(apiKeys.digest, sql.placeholder("digest"))).prepare(),
      appById: this.db.select().from(apps).where(eq(apps.id, sql.placeholder("id"))).prepare(),
      dataVersion: this.sqlite.query<{ data_version: number }, []>("PRAGMA data_version"),
      // Plain bun:sqlite, not drizzle's prepared insert: this runs once per write of the service,
      // and drizzle maps every placeholder on each run (≈ 1–2 µs of a ~100 µs chart creation).
      record: this.sqlite.prepare<never, [Record<string, string | number | null>]>(
        `INSERT INTO idempotency_records (app_id, key, fingerprint, state, status, body, request_id, created_at, expires_at, locked_until, resource_id)
         VALUES ($appId, $key, $fingerprint, 'completed', $status, $body, $requestId, $createdAt, $expiresAt, $lockedUntil, $resourceId)`,
      ),
      forgetReplaced: this.db
        .delete(idem)
        .where(and(eq(idem.appId, sql.placeholder("appId")), eq(idem.key, sql.placeholder("key")), eq(idem.requestId, sql.placeholder("requestId"))))
        .prepare(),
      existing: this.db
        .select()
        .from(idem)
        .where(and(eq(idem.appId, sql.placeholder("appId")), eq(idem.key, sql.placeholder("key"))))
        .prepare(),
    };
  }

  /**
   * Authenticated callers by key digest. Every request needs one, so they are
   * kept in memory and dropped whenever the keys or Apps may have changed:
   * by this connection (the methods below call forgetCallers) or by another
   * process such as the operator CLI (SQLite's data_version moves).
   */
  private callers = new Map<string, { key: KeyRecord; app: AppRecord }>();
  private callersVersion = -1;
  /** When data_version was last read (performance.now()); see CALLERS_RECHECK_MS. */
  private callersCheckedAt = -Infinity;
  private static readonly MAX_CACHED_CALLERS = 10_000;
  /**
   * How often another process's change to keys or Apps is looked for: reading data_version opens a
   * read transaction (WAL locks), which cost more than the rest of authentication; once a millisecond
   * serves every request of a busy event-loop turn with one read and delays a CLI revocation by ≤ 1 ms.
   */
  private static readonly CALLERS_RECHECK_MS = 1;

  private forgetCallers(): void {
    this.callers.clear();
  }

  // ── readiness ────────────────────────────────────────────────────────────
  async migrate(): Promise<string[]> {
    return migrate(this.sqlite);
  }

  /** True when the database answers and every embedded migration is applied. */
  async isReady(): Promise<boolean> {
    try {
      this.sqlite.query("SELECT 1").get();
      if (!migrationsComplete(this.sqlite)) return false;
    } catch {
      return false;
    }
    return this.writable();
  }

  /** Ready means able to write: a real write through the batch, probed at most once a second. */
  private writeProbe: { at: number; ok: Promise<boolean> } | null = null;
  private writable(): Promise<boolean> {
    const now = Date.now();
    if (this.writeProbe && now - this.writeProbe.at < 1000) return this.writeProbe.ok;
    const ok = this.writes
      .run(() => this.db.insert(readinessProbe).values({ id: 1, at: now }).onConflictDoUpdate({ target: readinessProbe.id, set: { at: now } }).run())
      .then(
        () => true,
        () => false,
      );
    this.writeProbe = { at: now, ok };
    return ok;
  }

  async appliedMigrations(): Promise<string[]> {
    return appliedMigrations(this.sqlite);
  }

  /** Set while a worker checkpoints the WAL (the server's mode): see checkpoints.ts. */
  private checkpoints: BackgroundCheckpoints | null = null;

  /**
   * Moves WAL checkpoints to a worker thread running `workerUrl` (checkpoint-worker.ts).
   * @returns whether the worker started; if not, checkpoints stay on this connection
   */
  checkpointInBackground(
    workerUrl: string,
    options: { settings?: Partial<Omit<CheckpointerSettings, "path">>; onFailure?: (message: string) => void } = {},
  ): Promise<boolean> {
    if (this.checkpoints) return this.checkpoints.started;
    const settings = { ...DEFAULT_CHECKPOINTER, ...options.settings, path: this.sqlite.filename };
    this.checkpoints = new BackgroundCheckpoints(this.sqlite, workerUrl, settings, options.onFailure, (seconds, mode) => this.observer?.checkpoint(seconds, mode));
    return this.checkpoints.started;
  }

  private observer: StorageObserver | null = null;

  observe(observer: StorageObserver): void {
    this.observer = observer;
    this.writes.onCommit = (statements) => observer.writeBatch(statements);
  }

  async backupTo(path: string): Promise<BackupResult> {
    return backupDatabase(this.sqlite, path);
  }

  async close(): Promise<void> {
    // The worker's connection closes first, so this one is the last and leaves no WAL behind.
    await this.checkpoints?.stop();
    this.writes.flush();
    // close(true) finalizes the prepared statements and closes now: as the last connection it
    // checkpoints the WAL into the file and removes it, so a stopped service leaves one complete
    // file to copy. close(false) would leave the connection open until they are garbage-collected.
    this.sqlite.close(true);
  }

  /**
   * Runs `work` in one transaction together with the idempotency completion, so a
   * business write and its stored answer land (or vanish) together.
   */
  async atomically<T>(work: (db: Db) => T, completion?: IdempotencyCompletion): Promise<T> {
    const committing = this.writes.run(() => {
      const result = work(this.db);
      if (completion) this.writeCompletion(completion);
      return result;
    });
    return this.settlingClaim(completion, committing);
  }

  // ── apps ─────────────────────────────────────────────────────────────────
  async insertApp(app: AppRecord): Promise<void> {
    this.db.insert(apps).values({ ...app, capabilities: JSON.stringify(app.capabilities) }).run();
    this.forgetCallers();
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
    this.forgetCallers();
    return this.getApp(id);
  }

  // ── keys ─────────────────────────────────────────────────────────────────
  async insertKey(key: KeyRecord): Promise<void> {
    this.db.insert(apiKeys).values(key).run();
    this.forgetCallers();
  }

  async findKeyByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null> {
    const checkedAt = performance.now();
    if (checkedAt - this.callersCheckedAt >= SqliteStore.CALLERS_RECHECK_MS) {
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
    if (this.callers.size >= SqliteStore.MAX_CACHED_CALLERS) this.callers.clear();
    this.callers.set(digest, found);
    return found;
  }

  async listKeys(appId: string): Promise<KeyRecord[]> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.appId, appId)).orderBy(apiKeys.createdAt, apiKeys.id).all();
  }

  async getKey(id: string): Promise<KeyRecord | null> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get() ?? null;
  }

  async revokeKey(id: string, now: number): Promise<KeyRecord | null> {
    this.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} IS NULL`)).run();
    this.forgetCallers();
    return this.getKey(id);
  }

  async deleteApp(appId: string): Promise<AppDeletionCounts | null> {
    const deleted = await this.writes.run(() => {
      const counts: AppDeletionCounts = {};
      for (const step of [...APP_DELETION, APP_ROW]) {
        counts[step.table] = this.sqlite.run(`DELETE FROM ${step.table} WHERE ${step.where.replaceAll("$1", "?1")}`, [appId]).changes;
      }
      return counts;
    });
    this.forgetCallers();
    if (deleted.apps === 0) return null;
    delete deleted.apps;
    return deleted;
  }

  async claimFact(name: string, value: string, now: number, replace = false): Promise<string> {
    const read = () => this.db.select({ value: databaseFacts.value }).from(databaseFacts).where(eq(databaseFacts.name, name)).get()?.value;
    // Read first: a fact already there costs no write (and a read-only file can still start).
    const stored = replace ? undefined : read();
    if (stored !== undefined) return stored;
    const insert = this.db.insert(databaseFacts).values({ name, value, createdAt: now });
    if (replace) insert.onConflictDoUpdate({ target: databaseFacts.name, set: { value, createdAt: now } }).run();
    else insert.onConflictDoNothing().run();
    return read()!;
  }

  async expireKey(id: string, at: number): Promise<KeyRecord | null> {
    this.db
      .update(apiKeys)
      .set({ expiresAt: at })
      .where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} IS NULL`, sql`(${apiKeys.expiresAt} IS NULL OR ${apiKeys.expiresAt} > ${at})`))
      .run();
    this.forgetCallers();
    return this.getKey(id);
  }

  async touchKey(id: string, now: number): Promise<void> {
    this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
  }

  // ── idempotency ──────────────────────────────────────────────────────────
  /**
   * Claims of requests running now, by App and key. A claim is never written:
   * the stored record is inserted once, with the final answer, in the same
   * transaction as the business write (see writeCompletion). That saves a write
   * and a commit per request, and a process that dies leaves no claim behind,
   * so a retry after a crash runs at once. One process serves a database file;
   * should a second one ever race on the same key, the primary key of
   * idempotency_records still lets only one answer commit.
   */
  private readonly claims = new Map<string, IdempotencyRecord & { replaces: string | null }>();
  private static claimSlot(appId: string, key: string): string {
    return `${appId}\u0000${key}`;
  }

  /**
   * Claims (app, key). An expired record, or a claim whose lock ran out (its
   * request hangs), is taken over; otherwise the existing record is returned.
   */
  async claimIdempotency(c: IdempotencyClaim): Promise<ClaimResult> {
    const slot = SqliteStore.claimSlot(c.appId, c.key);
    const held = this.claims.get(slot);
    let replaces: string | null;
    if (held) {
      const abandoned = held.lockedUntil <= c.now && held.fingerprint === c.fingerprint;
      if (!abandoned) return { kind: "existing", record: held };
      replaces = held.replaces;
    } else {
      const stored = this.statements.existing.get({ appId: c.appId, key: c.key }) as IdempotencyRecord | undefined;
      // An in-progress row can only come from a version that wrote its claims; it is abandoned by now.
      const abandoned = stored?.state === "in_progress" && stored.lockedUntil <= c.now && stored.fingerprint === c.fingerprint;
      if (stored && stored.expiresAt > c.now && !abandoned) return { kind: "existing", record: stored };
      replaces = stored?.requestId ?? null;
    }
    this.claims.set(slot, {
      appId: c.appId,
      key: c.key,
      fingerprint: c.fingerprint,
      state: "in_progress",
      status: null,
      body: null,
      requestId: c.requestId,
      createdAt: c.now,
      expiresAt: c.now + c.ttlMs,
      lockedUntil: c.now + c.lockMs,
      resourceId: null,
      replaces,
    });
    return { kind: "claimed" };
  }

  /** Stores a final answer that has no business write of its own (e.g. a replayable 404). */
  async completeIdempotency(completion: IdempotencyCompletion): Promise<void> {
    await this.settlingClaim(completion, this.writes.run(() => this.writeCompletion(completion)));
  }

  /** Forgets a claim whose request must run again on retry (5xx, 503/504). */
  async releaseIdempotency(appId: string, key: string, requestId: string): Promise<void> {
    const slot = SqliteStore.claimSlot(appId, key);
    if (this.claims.get(slot)?.requestId === requestId) this.claims.delete(slot);
  }

  /**
   * Drops the claim once its answer is committed. A failed write keeps it: the
   * caller then stores an error answer with it or releases it.
   */
  private async settlingClaim<T>(completion: IdempotencyCompletion | undefined, committing: Promise<T>): Promise<T> {
    const result = await committing;
    if (completion) await this.releaseIdempotency(completion.appId, completion.key, completion.requestId);
    return result;
  }

  async eraseEndUser(appId: string, endUserId: string, completionOf: (counts: ErasureCounts) => IdempotencyCompletion | undefined): Promise<ErasureCounts> {
    let completion: IdempotencyCompletion | undefined;
    const counts = await this.writes.run(() => {
      const erased = eraseEndUserIn(this.db, appId, endUserId);
      completion = completionOf(erased);
      if (completion) this.writeCompletion(completion);
      return erased;
    });
    if (completion) await this.releaseIdempotency(completion.appId, completion.key, completion.requestId);
    return counts;
  }

  /** The stored record an idempotent answer refers to (see IdempotencyCompletion.resourceId), or null. */
  async storedRecord(appId: string, resourceId: string): Promise<string | null> {
    const table = recordTableOf(resourceId);
    if (!table) return null;
    const row = this.db.select({ record: table.record }).from(table).where(and(eq(table.id, resourceId), eq(table.appId, appId))).get();
    return row ? this.expandRecord(row.record) : null;
  }

  // ── record fragments (see ../record-fragments.ts) ─────────────────────────
  readonly fragments = new RecordFragments();

  async registerRecordFragment(json: string): Promise<void> {
    const fragment = recordFragment(json);
    this.db.insert(recordFragments).values(fragment).onConflictDoNothing().run();
    this.fragments.use(fragment);
  }

  /** A stored record as answered: its fragment references replaced (read from the table the first time). */
  expandRecord(stored: string): Promise<string> {
    return this.fragments.read(stored, (ids) => this.db.select().from(recordFragments).where(inArray(recordFragments.id, ids)).all());
  }

  /** True when the Subject (chart, cast or Plan, by its id's prefix) exists in the App; synchronous, to run inside a write. */
  subjectExists(appId: string, subjectId: string): boolean {
    const table = recordTableOf(subjectId);
    if (!table) return false;
    return this.db.select({ id: table.id }).from(table).where(and(eq(table.id, subjectId), eq(table.appId, appId))).get() !== undefined;
  }

  /**
   * Turns the idempotency records that answer with (or copy) these resources into tombstones
   * (idempotency-tombstone.ts): their answer becomes a 404 saying the resource was deleted, and
   * nothing of it is kept. Call inside the transaction that hard-deletes them: a retry with such a
   * key then does not create the resource again.
   */
  forgetIdempotencyOf(db: Db, appId: string, resourceIds: string[]): void {
    if (resourceIds.length === 0) return;
    db.update(idempotencyRecords)
      .set({ status: TOMBSTONE_STATUS, body: sql`${TOMBSTONE_BODY.head} || ${idempotencyRecords.requestId} || ${TOMBSTONE_BODY.tail}`, resourceId: null })
      .where(and(eq(idempotencyRecords.appId, appId), inArray(idempotencyRecords.resourceId, resourceIds)))
      .run();
  }

  async purgeExpiredIdempotency(now: number): Promise<number> {
    // Claims are released when their request ends; this only guards against a leak.
    for (const [slot, claim] of this.claims) if (claim.lockedUntil <= now) this.claims.delete(slot);
    return changes(this.db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now)).run()).changes;
  }

  /** The stored record for (App, key), else the claim of a request running now, else null. */
  async getIdempotency(appId: string, key: string): Promise<IdempotencyRecord | null> {
    const row = this.statements.existing.get({ appId, key }) as IdempotencyRecord | undefined;
    if (row) return row;
    const claim = this.claims.get(SqliteStore.claimSlot(appId, key));
    if (!claim) return null;
    const { replaces: _, ...record } = claim;
    return record;
  }

  /**
   * Inserts the stored record of a claimed request. The prepared statements run
   * on the one connection, so inside `atomically` they join that transaction.
   * @throws IdempotencyClaimLost when the claim was taken over (its lock ran out): the caller's writes roll back
   */
  private writeCompletion(c: IdempotencyCompletion): void {
    const claim = this.claims.get(SqliteStore.claimSlot(c.appId, c.key));
    if (claim?.requestId !== c.requestId) throw new IdempotencyClaimLost(c.key);
    if (claim.replaces !== null) this.statements.forgetReplaced.run({ appId: c.appId, key: c.key, requestId: claim.replaces });
    const byReference = c.resourceId !== undefined;
    try {
      this.statements.record.run({
        appId: c.appId,
        key: c.key,
        fingerprint: claim.fingerprint,
        status: c.status,
        body: byReference ? null : c.body,
        requestId: c.requestId,
        createdAt: claim.createdAt,
        expiresAt: claim.expiresAt,
        lockedUntil: claim.lockedUntil,
        resourceId: c.resourceId ?? c.ownerId ?? null,
      });
    } catch (error) {
      // Another process sharing the file answered this key first.
      if ((error as { code?: string }).code?.startsWith("SQLITE_CONSTRAINT")) throw new IdempotencyClaimLost(c.key);
      throw error;
    }
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

  /**
   * Adds billing units; call inside `atomically` so the unit lands with the resource it pays for.
   * @throws MonthlyQuotaExhausted when `quota` is given and the month's total would pass it
   */
  addBillingUnits(db: Db, appId: string, month: string, units: number, quota?: number): void {
    if (quota !== undefined && units > quota) throw new MonthlyQuotaExhausted(appId, month, quota);
    const result = db
      .insert(usageMonths)
      .values({ appId, month, requests: 0, billingUnits: units })
      .onConflictDoUpdate({
        target: [usageMonths.appId, usageMonths.month],
        set: { billingUnits: sql`${usageMonths.billingUnits} + ${units}` },
        ...(quota === undefined ? {} : { setWhere: sql`${usageMonths.billingUnits} + ${units} <= ${quota}` }),
      })
      .run();
    if (changes(result).changes === 0) throw new MonthlyQuotaExhausted(appId, month, quota!);
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

/** Opens the database at `path`, applies migrations and returns the store. */
export function openSqliteStore(path: string): SqliteStore {
  const store = new SqliteStore(openDatabase(path));
  migrate(store.sqlite);
  return store;
}

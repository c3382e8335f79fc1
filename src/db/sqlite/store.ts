/**
 * The embedded SQLite backend of the Storage contract (../storage.ts): the composition of its
 * sub-stores (apps, keys, idempotency, usage, Subjects, Sessions, Responses) on one connection,
 * with readiness, background checkpoints and backups. On SQLite each method runs synchronously
 * inside one call, which makes each atomic in this single-threaded process; request-path writes
 * are group-committed (write-batch.ts).
 */
import type { Database } from "bun:sqlite";
import { and, eq, inArray } from "drizzle-orm";
import { databaseFacts, readinessProbe, recordFragments } from "./schema.ts";
import { recordFragment, RecordFragments } from "../record-fragments.ts";
import type { ErasureCounts, Storage, StorageObserver, SubjectKind } from "../storage.ts";
import { eraseEndUserIn } from "./erasure.ts";
import { SubjectRepository } from "./subjects.ts";
import { SqliteSessionStore } from "./healing.ts";
import { ResponseRepository } from "./responses.ts";
import { SqliteAppStore } from "./apps.ts";
import { SqliteKeyStore } from "./keys.ts";
import { recordTableOf, SqliteIdempotencyStore } from "./idempotency.ts";
import { SqliteUsageStore } from "./usage.ts";
import { SUBJECT_KINDS } from "../../subjects.ts";
import { appliedMigrations, migrate, migrationsComplete, openDatabase, toDrizzle, type Db } from "./client.ts";
import { WriteBatch } from "./write-batch.ts";
import { backupDatabase, type BackupResult } from "./backup.ts";
import type { SqliteKernel } from "./kernel.ts";
import { BackgroundCheckpoints, DEFAULT_CHECKPOINTER, type CheckpointerSettings } from "./checkpoints.ts";
import type { IdempotencyCompletion } from "../types.ts";

export class SqliteStore implements Storage, SqliteKernel {
  readonly backend = "sqlite" as const;
  readonly db: Db;
  readonly subjects: Readonly<Record<SubjectKind, SubjectRepository>>;
  readonly sessions: SqliteSessionStore;
  readonly responses: ResponseRepository;
  readonly apps: SqliteAppStore;
  readonly keys: SqliteKeyStore;
  readonly idempotency: SqliteIdempotencyStore;
  readonly usage: SqliteUsageStore;
  readonly fragments = new RecordFragments();

  /** Request-path writes are group-committed: see write-batch.ts. */
  private readonly writes: WriteBatch;

  constructor(readonly sqlite: Database) {
    this.db = toDrizzle(sqlite);
    this.writes = new WriteBatch(sqlite);
    this.keys = new SqliteKeyStore(this.db, sqlite);
    this.apps = new SqliteAppStore(this.db, sqlite, this.writes, () => this.keys.forgetCallers());
    this.idempotency = new SqliteIdempotencyStore(this.db, sqlite, this.writes, (stored) => this.expandRecord(stored));
    this.usage = new SqliteUsageStore(this.db);
    const subjects = Object.fromEntries(SUBJECT_KINDS.map((kind) => [kind, new SubjectRepository(this, kind)])) as Record<SubjectKind, SubjectRepository>;
    this.subjects = subjects;
    this.sessions = new SqliteSessionStore(this);
    this.responses = new ResponseRepository(this);
    // Downstream data vanishes in its Subject's own delete transaction.
    for (const repository of Object.values(subjects)) repository.onDelete(this.responses.deleteForSubject);
    subjects.plan.onDelete(this.sessions.deleteForPlan);
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
      if (completion) this.idempotency.writeCompletion(completion);
      return result;
    });
    return this.idempotency.settling(completion, committing);
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

  async eraseEndUser(appId: string, endUserId: string, completionOf: (counts: ErasureCounts) => IdempotencyCompletion | undefined): Promise<ErasureCounts> {
    let completion: IdempotencyCompletion | undefined;
    const counts = await this.writes.run(() => {
      const erased = eraseEndUserIn(this.db, appId, endUserId);
      completion = completionOf(erased);
      if (completion) this.idempotency.writeCompletion(completion);
      return erased;
    });
    if (completion) await this.idempotency.release(completion.appId, completion.key, completion.requestId);
    return counts;
  }

  // ── record fragments (see ../record-fragments.ts) ─────────────────────────
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

  /** The kernel's tombstoning, inside the deleting transaction: see SqliteIdempotencyStore.forgetOf. */
  forgetIdempotencyOf(db: Db, appId: string, resourceIds: string[]): void {
    this.idempotency.forgetOf(db, appId, resourceIds);
  }

  /** The kernel's billing, inside the write the units pay for: see SqliteUsageStore.addBillingUnits. */
  addBillingUnits(db: Db, appId: string, month: string, units: number, quota?: number): void {
    this.usage.addBillingUnits(db, appId, month, units, quota);
  }
}

/** Opens the database at `path`, applies migrations and returns the store. */
export function openSqliteStore(path: string): SqliteStore {
  const store = new SqliteStore(openDatabase(path));
  migrate(store.sqlite);
  return store;
}

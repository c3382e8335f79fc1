/**
 * The PostgreSQL backend of the Storage contract (../storage.ts), for several
 * instances of the service on one database: the composition of its sub-stores
 * (apps, keys, idempotency, usage, Subjects, Sessions, Responses, limits) on one pool. It behaves like the SQLite backend
 * (../sqlite/store.ts) and writes the same rows; what differs is how it stays
 * correct when other processes write at the same time:
 *
 * - idempotency claims are rows (state 'in_progress', `locked_until`), inserted
 *   with ON CONFLICT so exactly one request in any instance holds a key; the
 *   completion updates that row inside the business transaction, and finds it
 *   gone or taken over → IdempotencyClaimLost, and the transaction rolls back;
 * - guarded writes lock the row they depend on (the Session FOR UPDATE, the Plan
 *   FOR KEY SHARE) and re-check their guard in the transaction;
 * - billing units are added by one conditional upsert that refuses past the quota;
 * - request limits are shared rows, taken in batches (limits.ts);
 * - callers are cached briefly, and dropped when the database notifies a change (keys.ts).
 *
 * Integers of 64 bits (bigint columns) arrive from Bun.SQL as strings: every read
 * maps its row to the record with numbers, keeping the SQLite records' key order.
 */
import type { SQL } from "bun";
import type { ErasureCounts, Storage, StorageObserver, SubjectKind, SubjectRow } from "../storage.ts";
import { eraseEndUserIn } from "./erasure.ts";
import type { IdempotencyCompletion } from "../types.ts";
import { recordFragment, RecordFragments, type RecordFragment } from "../record-fragments.ts";
import { SUBJECT_TABLE_NAMES } from "./tables.ts";
import { SUBJECT_KINDS } from "../../subjects.ts";
import { appliedMigrations, applyPendingMigrations, DEFAULT_POOL_SIZE, migrationsComplete, openPool, type PoolOptions } from "./client.ts";
import { PostgresSubjectStore } from "./subjects.ts";
import { PostgresSessionStore } from "./sessions.ts";
import { PostgresResponseStore } from "./responses.ts";
import { PostgresSharedLimits } from "./limits.ts";
import { PostgresAppStore } from "./apps.ts";
import { PostgresKeyStore } from "./keys.ts";
import { PostgresIdempotencyStore } from "./idempotency.ts";
import { PostgresUsageStore } from "./usage.ts";
import { instanceApplicationName, PoolUseReader } from "./pool-use.ts";
import type { PostgresKernel, Tx } from "./kernel.ts";

export type { Tx } from "./kernel.ts";

/** How long /ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2_000;
/** Ready means able to write: a real write, probed at most once a second. */
const WRITE_PROBE_INTERVAL_MS = 1_000;

export class PostgresStore implements Storage, PostgresKernel {
  readonly backend = "postgresql" as const;
  readonly subjects: Readonly<Record<SubjectKind, PostgresSubjectStore>>;
  readonly sessions: PostgresSessionStore;
  readonly responses: PostgresResponseStore;
  readonly sharedLimits: PostgresSharedLimits;
  readonly apps: PostgresAppStore;
  readonly keys: PostgresKeyStore;
  readonly idempotency: PostgresIdempotencyStore;
  readonly usage: PostgresUsageStore;
  readonly fragments = new RecordFragments();

  /** Reads the pool's use for the metrics; absent when the store was not opened from a URL (tests). */
  private readonly poolUseReader: PoolUseReader | null;

  constructor(readonly sql: SQL, poolUseReader: PoolUseReader | null = null) {
    this.poolUseReader = poolUseReader;
    this.keys = new PostgresKeyStore(sql);
    this.apps = new PostgresAppStore(sql, () => this.keys.forgetCallers());
    this.idempotency = new PostgresIdempotencyStore(sql, (stored) => this.expandRecord(stored));
    this.usage = new PostgresUsageStore(sql);
    const subjects = Object.fromEntries(SUBJECT_KINDS.map((kind) => [kind, new PostgresSubjectStore(this, SUBJECT_TABLE_NAMES[kind])])) as Record<SubjectKind, PostgresSubjectStore>;
    this.subjects = subjects;
    this.sessions = new PostgresSessionStore(this);
    this.responses = new PostgresResponseStore(this);
    this.sharedLimits = new PostgresSharedLimits(sql);
    // Downstream data vanishes in its Subject's own delete transaction.
    for (const repository of Object.values(subjects)) repository.onDelete(this.responses.deleteForSubject);
    subjects.plan.onDelete(this.sessions.deleteForPlan);
  }

  // ── lifecycle and readiness ──────────────────────────────────────────────
  async migrate(): Promise<string[]> {
    return applyPendingMigrations(this.sql);
  }

  async appliedMigrations(): Promise<string[]> {
    return appliedMigrations(this.sql);
  }

  /** The running probe, shared by concurrent /ready calls so a hung database holds one connection, not one per call. */
  private probing: Promise<boolean> | null = null;
  private lastWriteAt = 0;

  /**
   * A round trip that reads the applied migrations, and a write at most once a
   * second. False (never a throw) when the database is down or does not answer
   * within 2 s; the pool reconnects by itself when it is back.
   */
  async isReady(): Promise<boolean> {
    const attempt = (this.probing ??= this.probe());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([attempt, timedOut]);
    } finally {
      clearTimeout(timer);
      // A probe that hangs is abandoned (the next call starts a fresh one); one that ended is forgotten.
      if (this.probing === attempt) this.probing = null;
    }
  }

  private async probe(): Promise<boolean> {
    try {
      const applied = await this.sql`SELECT tag FROM __lingshu_migrations`;
      if (!migrationsComplete(applied.map((r: { tag: string }) => r.tag))) return false;
      const now = Date.now();
      if (now - this.lastWriteAt >= WRITE_PROBE_INTERVAL_MS) {
        await this.sql`INSERT INTO readiness_probe (id, at) VALUES (1, ${now}) ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at`;
        this.lastWriteAt = now;
      }
      return true;
    } catch {
      this.lastWriteAt = 0;
      return false;
    }
  }

  observe(observer: StorageObserver): void {
    const reader = this.poolUseReader;
    if (reader) observer.poolUse?.(reader.max, () => reader.read());
  }

  async close(): Promise<void> {
    await this.sharedLimits.close();
    await this.keys.close();
    await this.poolUseReader?.close();
    await this.sql.close({ timeout: 5 });
  }

  /**
   * Runs `work` in one transaction together with the idempotency completion, so a
   * business write and its stored answer land (or vanish) together.
   */
  async atomically<T>(work: (tx: Tx) => Promise<T>, completion?: IdempotencyCompletion): Promise<T> {
    return (await this.sql.begin(async (tx) => {
      const result = await work(tx);
      if (completion) await this.idempotency.writeCompletion(tx, completion);
      return result;
    })) as T;
  }

  async eraseEndUser(appId: string, endUserId: string, completionOf: (counts: ErasureCounts) => IdempotencyCompletion | undefined): Promise<ErasureCounts> {
    return (await this.sql.begin(async (tx) => {
      const counts = await eraseEndUserIn(tx, appId, endUserId);
      const completion = completionOf(counts);
      if (completion) await this.idempotency.writeCompletion(tx, completion);
      return counts;
    })) as ErasureCounts;
  }

  async claimFact(name: string, value: string, now: number, replace = false): Promise<string> {
    // Read first: a fact already there costs no write on every start.
    if (!replace) {
      const [known] = await this.sql<{ value: string }[]>`SELECT value FROM database_facts WHERE name = ${name}`;
      if (known) return known.value;
    }
    const [row] = replace
      ? await this.sql<{ value: string }[]>`
          INSERT INTO database_facts (name, value, created_at) VALUES (${name}, ${value}, ${now})
          ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = EXCLUDED.created_at RETURNING value`
      : await this.sql<{ value: string }[]>`
          WITH inserted AS (
            INSERT INTO database_facts (name, value, created_at) VALUES (${name}, ${value}, ${now}) ON CONFLICT (name) DO NOTHING RETURNING value
          )
          SELECT value FROM inserted UNION ALL SELECT value FROM database_facts WHERE name = ${name} LIMIT 1`;
    if (row) return row.value;
    // Another instance inserted it concurrently, after this statement's snapshot: read it now.
    const [stored] = await this.sql<{ value: string }[]>`SELECT value FROM database_facts WHERE name = ${name}`;
    return stored!.value;
  }

  // ── record fragments (see ../record-fragments.ts) ─────────────────────────
  async registerRecordFragment(json: string): Promise<void> {
    const fragment = recordFragment(json);
    await this.sql`INSERT INTO record_fragments (id, json) VALUES (${fragment.id}, ${fragment.json}) ON CONFLICT (id) DO NOTHING`;
    this.fragments.use(fragment);
  }

  /** A stored record as answered: its fragment references replaced (read from the table the first time). */
  expandRecord(stored: string): Promise<string> {
    return this.fragments.read(stored, (ids) => this.sql<RecordFragment[]>`SELECT id, json FROM record_fragments WHERE id = ANY(${this.sql.array(ids, "TEXT")})`);
  }

  /** The kernel's tombstoning, inside the deleting transaction: see PostgresIdempotencyStore.forgetOf. */
  forgetIdempotencyOf(tx: Tx, appId: string, resourceIds: string[]): Promise<void> {
    return this.idempotency.forgetOf(tx, appId, resourceIds);
  }

  insertSubjectCompleting(table: string, row: SubjectRow, completion: IdempotencyCompletion): Promise<void> {
    return this.idempotency.insertCompleting(table, row, completion);
  }
}

/**
 * Connects to `url`, applies pending migrations (one instance at a time) and returns the store.
 * An up-to-date database is only read, so a role without CREATE on the schema can open it.
 */
export async function openPostgresStore(url: string, options: PoolOptions = {}): Promise<PostgresStore> {
  const applicationName = instanceApplicationName();
  const sql = openPool(url, { ...options, applicationName });
  try {
    await applyPendingMigrations(sql);
  } catch (err) {
    await sql.close({ timeout: 0 }).catch(() => {});
    throw err;
  }
  return new PostgresStore(sql, new PoolUseReader(url, applicationName, options.poolSize ?? DEFAULT_POOL_SIZE));
}

/**
 * The PostgreSQL backend of the Storage contract (../storage.ts), for several
 * instances of the service on one database. It behaves like the SQLite backend
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
 * - request limits are shared rows (limits.ts);
 * - callers are read from the database on every request (no cache to go stale).
 *
 * Integers of 64 bits (bigint columns) arrive from Bun.SQL as strings: every read
 * maps its row to the record with numbers, keeping the SQLite records' key order.
 */
import { APP_DELETION, APP_DELETION_POSTGRES_LIMITS, APP_ROW, type AppDeletionCounts } from "../app-deletion.ts";
import type { SQL } from "bun";
import type { AppChanges, ErasureCounts, Storage, StorageObserver, SubjectKind } from "../storage.ts";
import { eraseEndUserIn } from "./erasure.ts";
import type { AppRecord, Capability, ClaimResult, IdempotencyClaim, IdempotencyCompletion, IdempotencyRecord, KeyRecord, UsageRecord } from "../types.ts";
import { IdempotencyClaimLost, MonthlyQuotaExhausted } from "../types.ts";
import { recordFragment, RecordFragments, type RecordFragment } from "../record-fragments.ts";
import { TOMBSTONE_BODY, TOMBSTONE_STATUS } from "../idempotency-tombstone.ts";
import { SUBJECT_TABLE_NAMES, subjectTableOf } from "./tables.ts";
import { SUBJECT_KINDS } from "../../subjects.ts";
import { appliedMigrations, applyPendingMigrations, DEFAULT_POOL_SIZE, migrationsComplete, openPool, type PoolOptions } from "./client.ts";
import { PostgresSubjectStore } from "./subjects.ts";
import { PostgresSessionStore } from "./sessions.ts";
import { PostgresResponseStore } from "./responses.ts";
import { PostgresSharedLimits } from "./limits.ts";
import { instanceApplicationName, PoolUseReader } from "./pool-use.ts";
import type { PostgresKernel, Tx } from "./kernel.ts";

export type { Tx } from "./kernel.ts";
type Row = Record<string, any>;

/** How long /ready waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2_000;
/** Ready means able to write: a real write, probed at most once a second. */
const WRITE_PROBE_INTERVAL_MS = 1_000;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));


function toApp(r: Row): AppRecord {
  return {
    id: r.id,
    name: r.name,
    env: r.env,
    capabilities: JSON.parse(r.capabilities) as Capability[],
    rpm: num(r.rpm),
    concurrency: num(r.concurrency),
    monthlyQuota: num(r.monthly_quota),
    status: r.status,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

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

function toIdempotency(r: Row): IdempotencyRecord {
  return {
    appId: r.app_id,
    key: r.key,
    fingerprint: r.fingerprint,
    state: r.state,
    status: r.status,
    body: r.body,
    requestId: r.request_id,
    createdAt: num(r.created_at),
    expiresAt: num(r.expires_at),
    lockedUntil: num(r.locked_until),
    resourceId: r.resource_id,
  };
}

export class PostgresStore implements Storage, PostgresKernel {
  readonly backend = "postgresql" as const;
  readonly subjects: Readonly<Record<SubjectKind, PostgresSubjectStore>>;
  readonly sessions: PostgresSessionStore;
  readonly responses: PostgresResponseStore;
  readonly sharedLimits: PostgresSharedLimits;

  /** Reads the pool's use for the metrics; absent when the store was not opened from a URL (tests). */
  private readonly poolUseReader: PoolUseReader | null;

  constructor(readonly sql: SQL, poolUseReader: PoolUseReader | null = null) {
    this.poolUseReader = poolUseReader;
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
    this.sharedLimits.stop();
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
      if (completion) await this.writeCompletion(tx, completion);
      return result;
    })) as T;
  }

  async eraseEndUser(appId: string, endUserId: string, completionOf: (counts: ErasureCounts) => IdempotencyCompletion | undefined): Promise<ErasureCounts> {
    return (await this.sql.begin(async (tx) => {
      const counts = await eraseEndUserIn(tx, appId, endUserId);
      const completion = completionOf(counts);
      if (completion) await this.writeCompletion(tx, completion);
      return counts;
    })) as ErasureCounts;
  }

  // ── apps ─────────────────────────────────────────────────────────────────
  async insertApp(app: AppRecord): Promise<void> {
    await this.sql`
      INSERT INTO apps (id, name, env, capabilities, rpm, concurrency, monthly_quota, status, created_at, updated_at)
      VALUES (${app.id}, ${app.name}, ${app.env}, ${JSON.stringify(app.capabilities)}, ${app.rpm}, ${app.concurrency}, ${app.monthlyQuota}, ${app.status}, ${app.createdAt}, ${app.updatedAt})`;
  }

  async getApp(id: string): Promise<AppRecord | null> {
    const [row] = await this.sql`SELECT * FROM apps WHERE id = ${id}`;
    return row ? toApp(row) : null;
  }

  async listApps(): Promise<AppRecord[]> {
    // Byte order, as SQLite sorts: the database's collation may not be "C".
    return (await this.sql`SELECT * FROM apps ORDER BY created_at, id COLLATE "C"`).map(toApp);
  }

  async countApps(): Promise<number> {
    const [row] = await this.sql`SELECT count(*)::int AS n FROM apps`;
    return row.n;
  }

  async updateApp(id: string, changes: AppChanges, now: number): Promise<AppRecord | null> {
    const capabilities = changes.capabilities ? JSON.stringify(changes.capabilities) : null;
    await this.sql`
      UPDATE apps SET
        name = COALESCE(${changes.name ?? null}::text, name),
        rpm = COALESCE(${changes.rpm ?? null}::bigint, rpm),
        concurrency = COALESCE(${changes.concurrency ?? null}::bigint, concurrency),
        monthly_quota = COALESCE(${changes.monthlyQuota ?? null}::bigint, monthly_quota),
        status = COALESCE(${changes.status ?? null}::text, status),
        capabilities = COALESCE(${capabilities}::text, capabilities),
        updated_at = ${now}
      WHERE id = ${id}`;
    return this.getApp(id);
  }

  // ── keys ─────────────────────────────────────────────────────────────────
  async insertKey(key: KeyRecord): Promise<void> {
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
  async findKeyByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null> {
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

  async listKeys(appId: string): Promise<KeyRecord[]> {
    return (await this.sql`SELECT * FROM api_keys WHERE app_id = ${appId} ORDER BY created_at, id COLLATE "C"`).map(toKey);
  }

  async getKey(id: string): Promise<KeyRecord | null> {
    const [row] = await this.sql`SELECT * FROM api_keys WHERE id = ${id}`;
    return row ? toKey(row) : null;
  }

  async revokeKey(id: string, now: number): Promise<KeyRecord | null> {
    await this.sql`UPDATE api_keys SET revoked_at = ${now} WHERE id = ${id} AND revoked_at IS NULL`;
    return this.getKey(id);
  }

  async deleteApp(appId: string): Promise<AppDeletionCounts | null> {
    return (await this.sql.begin(async (tx) => {
      const counts: AppDeletionCounts = {};
      for (const step of [...APP_DELETION, ...APP_DELETION_POSTGRES_LIMITS, APP_ROW]) {
        counts[step.table] = (await tx.unsafe(`DELETE FROM ${step.table} WHERE ${step.where}`, [appId])).count;
      }
      if (counts.apps === 0) return null;
      delete counts.apps;
      return counts;
    })) as AppDeletionCounts | null;
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

  async expireKey(id: string, at: number): Promise<KeyRecord | null> {
    await this.sql`UPDATE api_keys SET expires_at = ${at} WHERE id = ${id} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${at})`;
    return this.getKey(id);
  }

  async touchKey(id: string, now: number): Promise<void> {
    await this.sql`UPDATE api_keys SET last_used_at = ${now} WHERE id = ${id}`;
  }

  // ── idempotency ──────────────────────────────────────────────────────────
  /**
   * Claims (App, key) for one request in any instance: an in-progress row is
   * inserted, or an expired record / an abandoned claim (lock ran out, same
   * request) is taken over, in one statement; otherwise the existing row is
   * returned. Concurrent claims on one key wait on its row and only one wins.
   */
  async claimIdempotency(c: IdempotencyClaim): Promise<ClaimResult> {
    // A row that vanishes between the two statements (released, purged) is claimed on the next turn.
    for (let attempt = 0; attempt < 5; attempt++) {
      const claimed = await this.sql`
        INSERT INTO idempotency_records AS r (app_id, key, fingerprint, state, status, body, request_id, created_at, expires_at, locked_until, resource_id)
        VALUES (${c.appId}, ${c.key}, ${c.fingerprint}, 'in_progress', NULL, NULL, ${c.requestId}, ${c.now}, ${c.now + c.ttlMs}, ${c.now + c.lockMs}, NULL)
        ON CONFLICT (app_id, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, state = 'in_progress', status = NULL, body = NULL, request_id = EXCLUDED.request_id,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, locked_until = EXCLUDED.locked_until, resource_id = NULL
        WHERE r.expires_at <= ${c.now}
          OR (r.state = 'in_progress' AND r.locked_until <= ${c.now} AND r.fingerprint = EXCLUDED.fingerprint)
        RETURNING r.request_id`;
      if (claimed.length === 1) return { kind: "claimed" };
      const existing = await this.getIdempotency(c.appId, c.key);
      if (existing) return { kind: "existing", record: existing };
    }
    throw new Error(`could not claim Idempotency-Key "${c.key}": its record kept changing`);
  }

  /** Stores a final answer that has no business write of its own (e.g. a replayable 404). */
  async completeIdempotency(completion: IdempotencyCompletion): Promise<void> {
    await this.writeCompletion(this.sql, completion);
  }

  /** Forgets a claim whose request must run again on retry (5xx, 503/504): only this request's, only while in progress. */
  async releaseIdempotency(appId: string, key: string, requestId: string): Promise<void> {
    await this.sql`DELETE FROM idempotency_records WHERE app_id = ${appId} AND key = ${key} AND request_id = ${requestId} AND state = 'in_progress'`;
  }

  /**
   * Turns this request's claim into its stored answer; call inside the business
   * write's transaction (`tx`).
   * @throws IdempotencyClaimLost when the claim is no longer this request's (taken over after its lock ran out, or purged): the caller's writes roll back
   */
  private async writeCompletion(tx: Tx, c: IdempotencyCompletion): Promise<void> {
    const byReference = c.resourceId !== undefined;
    const result = await tx`
      UPDATE idempotency_records SET state = 'completed', status = ${c.status}, body = ${byReference ? null : c.body}, resource_id = ${c.resourceId ?? c.ownerId ?? null}
      WHERE app_id = ${c.appId} AND key = ${c.key} AND request_id = ${c.requestId} AND state = 'in_progress'`;
    if (result.affectedRows !== 1) throw new IdempotencyClaimLost(c.key);
  }

  /** The stored record an idempotent answer refers to (see IdempotencyCompletion.resourceId), or null. */
  async storedRecord(appId: string, resourceId: string): Promise<string | null> {
    const table = subjectTableOf(resourceId);
    if (!table) return null;
    const [row] = await this.sql`SELECT record FROM ${this.sql(table)} WHERE id = ${resourceId} AND app_id = ${appId}`;
    return row ? this.expandRecord(row.record) : null;
  }

  // ── record fragments (see ../record-fragments.ts) ─────────────────────────
  readonly fragments = new RecordFragments();

  async registerRecordFragment(json: string): Promise<void> {
    const fragment = recordFragment(json);
    await this.sql`INSERT INTO record_fragments (id, json) VALUES (${fragment.id}, ${fragment.json}) ON CONFLICT (id) DO NOTHING`;
    this.fragments.use(fragment);
  }

  /** A stored record as answered: its fragment references replaced (read from the table the first time). */
  expandRecord(stored: string): Promise<string> {
    return this.fragments.read(stored, (ids) => this.sql<RecordFragment[]>`SELECT id, json FROM record_fragments WHERE id = ANY(${this.sql.array(ids, "TEXT")})`);
  }

  /**
   * Turns the idempotency records that answer with (or copy) these resources into tombstones
   * (idempotency-tombstone.ts); call inside the transaction that hard-deletes them.
   */
  async forgetIdempotencyOf(tx: Tx, appId: string, resourceIds: string[]): Promise<void> {
    if (resourceIds.length === 0) return;
    await tx`
      UPDATE idempotency_records SET status = ${TOMBSTONE_STATUS}, body = ${TOMBSTONE_BODY.head} || request_id || ${TOMBSTONE_BODY.tail}, resource_id = NULL
      WHERE app_id = ${appId} AND resource_id = ANY(${tx.array(resourceIds, "TEXT")})`;
  }

  /**
   * Expired records, and claims whose lock ran out (as the SQLite backend forgets them): a
   * request that still runs past its lock then cannot store its answer (IdempotencyClaimLost).
   */
  async purgeExpiredIdempotency(now: number): Promise<number> {
    const result = await this.sql`
      DELETE FROM idempotency_records WHERE expires_at < ${now} OR (state = 'in_progress' AND locked_until <= ${now})`;
    return result.affectedRows;
  }

  /** The record for (App, key): a stored answer, or the claim of a request running now; else null. */
  async getIdempotency(appId: string, key: string): Promise<IdempotencyRecord | null> {
    const [row] = await this.sql`SELECT * FROM idempotency_records WHERE app_id = ${appId} AND key = ${key}`;
    return row ? toIdempotency(row) : null;
  }

  // ── usage ────────────────────────────────────────────────────────────────
  async addRequests(counts: Map<string, number>, month: string): Promise<void> {
    if (counts.size === 0) return;
    // Sorted, so two instances flushing the same Apps lock their rows in the same order (no deadlock).
    const entries = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await this.sql`
      INSERT INTO usage_months AS u (app_id, month, billing_units, requests)
      SELECT t.app_id, ${month}, 0, t.n
      FROM unnest(${this.sql.array(entries.map(([app]) => app), "TEXT")}::text[], ${this.sql.array(entries.map(([, n]) => n), "BIGINT")}::bigint[]) AS t(app_id, n)
      ON CONFLICT (app_id, month) DO UPDATE SET requests = u.requests + EXCLUDED.requests`;
  }

  /**
   * Adds billing units in the transaction `tx` (the one that stores what they pay for).
   * With `quota`, one conditional upsert: the units are added only if the month's
   * total stays within it. The row lock it takes orders concurrent additions from
   * every instance, so the quota holds across them.
   * @throws MonthlyQuotaExhausted when the total would pass `quota`
   */
  async addBillingUnits(tx: Tx, appId: string, month: string, units: number, quota?: number): Promise<void> {
    if (quota === undefined) {
      await tx`
        INSERT INTO usage_months AS u (app_id, month, billing_units, requests) VALUES (${appId}, ${month}, ${units}, 0)
        ON CONFLICT (app_id, month) DO UPDATE SET billing_units = u.billing_units + EXCLUDED.billing_units`;
      return;
    }
    if (units > quota) throw new MonthlyQuotaExhausted(appId, month, quota);
    const added = await tx`
      INSERT INTO usage_months AS u (app_id, month, billing_units, requests) VALUES (${appId}, ${month}, ${units}, 0)
      ON CONFLICT (app_id, month) DO UPDATE SET billing_units = u.billing_units + EXCLUDED.billing_units
      WHERE u.billing_units + EXCLUDED.billing_units <= ${quota}
      RETURNING u.billing_units`;
    if (added.length === 0) throw new MonthlyQuotaExhausted(appId, month, quota);
  }

  async getUsage(appId: string, month: string): Promise<UsageRecord> {
    const [row] = await this.sql`SELECT * FROM usage_months WHERE app_id = ${appId} AND month = ${month}`;
    if (!row) return { appId, month, billingUnits: 0, requests: 0 };
    return { appId: row.app_id, month: row.month, billingUnits: num(row.billing_units), requests: num(row.requests) };
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

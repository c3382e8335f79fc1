/**
 * The storage contract: everything the service keeps, as the rest of the code
 * sees it. Two backends implement it: embedded SQLite (src/db/sqlite/, the
 * default) and PostgreSQL for several instances on one database. Nothing
 * outside src/db/ imports a backend; routes and the platform use these
 * interfaces only, so a behaviour is the same whichever database holds it.
 *
 * Rules every backend keeps:
 * - a business write and its idempotent answer commit in one transaction;
 * - deleting a Subject removes everything downstream (Responses, feedback,
 *   Sessions, events, checkouts and the stored answers that copy them) in
 *   that same transaction;
 * - guarded writes (Session events, checkouts, Sessions on a Plan) re-check
 *   their guard inside the transaction and report `false` when it fails.
 */
import type {
  AppRecord,
  ClaimResult,
  IdempotencyClaim,
  IdempotencyCompletion,
  IdempotencyRecord,
  KeyRecord,
  UsageRecord,
  Capability,
} from "./types.ts";

import type { AppDeletionCounts } from "./app-deletion.ts";
export type { SubjectKind } from "../subjects.ts";
import type { SubjectKind } from "../subjects.ts";

export type AppChanges = Partial<Pick<AppRecord, "name" | "rpm" | "concurrency" | "monthlyQuota" | "status" | "capabilities">>;

export interface SubjectRow {
  id: string;
  appId: string;
  endUserId: string | null;
  createdAt: number;
  /** The complete JSON answer. */
  record: string;
}

/** Charts, casts and Plans: immutable, stored as their complete answer. */
/**
 * One page of a list, newest first by id (ids begin with their creation time). `startingAfter`
 * takes the older ones after that id, `endingBefore` the newer ones before it (still answered
 * newest first); `limit` + 1 rows are read to know `hasMore` in that direction.
 */
export interface ListQuery {
  limit: number;
  startingAfter: string | null;
  endingBefore: string | null;
  endUserId: string | null;
  /** created_at bounds, epoch ms: at or after, before. */
  createdGte: number | null;
  createdLt: number | null;
  /** Responses only: one Subject's. */
  subjectId?: string | null;
  /** Sessions only: one Plan's. */
  planId?: string | null;
  /** Responses only: of these capabilities (the App's granted ones; another's Responses read as missing). */
  capabilities?: readonly Capability[];
}

export interface ListPage<Item = string> {
  /** Each item (the stored JSON of a Subject or Response), newest first. */
  records: Item[];
  hasMore: boolean;
}

export interface SubjectStore {
  insert(row: SubjectRow, completion?: IdempotencyCompletion): Promise<void>;
  list(appId: string, query: ListQuery): Promise<ListPage>;
  /** The stored JSON of a Subject of this App, or null (another App's id reads as missing). */
  get(appId: string, id: string): Promise<string | null>;
  /** @returns false when no such Subject exists in the App */
  delete(appId: string, id: string, completion?: IdempotencyCompletion): Promise<boolean>;
}

export interface SessionRow {
  id: string;
  appId: string;
  planId: string;
  endUserId: string | null;
  state: string;
  elapsedSeconds: number;
  createdAt: number;
  updatedAt: number;
  /** The immutable creation facts as JSON. */
  record: string;
}

/** A Session with its events (oldest first) and checkout, as stored JSON texts. */
export interface StoredSession extends SessionRow {
  events: string[];
  checkout: string | null;
}

/** One accepted event and the Session state it leads to. */
export interface EventAppend {
  appId: string;
  sessionId: string;
  /** Events the handler saw + 1: if another append landed first, this one is refused. */
  seq: number;
  clientEventId: string;
  record: string;
  state: string;
  elapsedSeconds: number;
  updatedAt: number;
}

export interface CheckoutRow {
  sessionId: string;
  appId: string;
  createdAt: number;
  record: string;
}

/** Healing Sessions, their events and checkouts (Plans are Subjects). */
export interface SessionStore {
  /** @returns false when the Plan no longer exists in the App (deleted meanwhile) */
  insertSession(row: SessionRow, completion?: IdempotencyCompletion): Promise<boolean>;
  getSession(appId: string, id: string): Promise<StoredSession | null>;
  /** A page of the App's Sessions, newest first, each with its events and checkout (see ListQuery). */
  listSessions(appId: string, query: ListQuery): Promise<ListPage<StoredSession>>;
  /** @returns false when the Session is gone or another event was stored since the handler read it */
  appendEvent(e: EventAppend, completion?: IdempotencyCompletion): Promise<boolean>;
  /** @returns false when the Session is gone or already has its checkout */
  insertCheckout(row: CheckoutRow, completion?: IdempotencyCompletion): Promise<boolean>;
}

export interface ResponseRow {
  id: string;
  appId: string;
  capability: Capability;
  subjectId: string;
  previousResponseId: string | null;
  /** The Response's end_user_id (a follow-up's, its parent's unless it names its own); absent reads as null. */
  endUserId?: string | null;
  createdAt: number;
  /** The rolling summary after this turn (bounded length). */
  summary: string;
  /** The complete JSON answer. */
  record: string;
}

export interface FeedbackRow {
  id: string;
  appId: string;
  responseId: string;
  createdAt: number;
  record: string;
}

/** The billing units a Response costs, in its UTC month ("YYYY-MM"), and the quota they must stay within. */
export interface BillingUnits {
  month: string;
  units: number;
  /** Absent: counted whatever the month's total (a crisis escalation's safety text is never refused). */
  quota?: number;
}

/** AI Responses and their feedback. */
export interface ResponseStore {
  /**
   * The Response, the billing units it costs and the idempotent answer, in one transaction.
   * With `billing.quota`, the units are added only if the month's total stays within it
   * (checked in the transaction, so it holds across instances).
   * @throws MonthlyQuotaExhausted when the units would pass `billing.quota`: nothing is written
   * @throws DeletedMeanwhile when the Subject no longer exists: nothing is written
   */
  insert(row: ResponseRow, billing: BillingUnits, completion?: IdempotencyCompletion): Promise<void>;
  get(appId: string, id: string): Promise<ResponseRow | null>;
  list(appId: string, query: ListQuery): Promise<ListPage>;
  /** @throws DeletedMeanwhile when the Response no longer exists: nothing is written */
  /** With `completion` (an Idempotency-Key was sent), its answer is stored in the same transaction. */
  insertFeedback(row: FeedbackRow, completion?: IdempotencyCompletion): Promise<void>;
}

/** What one attempt to take a request slot found: a token and an in-flight lease, or the limit that refused. */
export type SlotOutcome =
  | { kind: "ok"; leaseId: string; /** tokens left after this request's */ remaining: number }
  | { kind: "rate"; /** tokens in the bucket (< 1) */ remaining: number }
  | { kind: "concurrency"; inFlight: number };

/**
 * Per-App request limits shared by every instance on one database: a token bucket
 * for requests per minute and in-flight leases, each taken atomically.
 */
export interface SharedLimitStore {
  /** Refills the App's bucket, then takes one token and one in-flight lease, or reports which limit refused. */
  acquire(appId: string, rpm: number, concurrency: number, now: number): Promise<SlotOutcome>;
  /** Ends an in-flight lease (best effort: an unreleased lease expires by itself). */
  release(leaseId: string): Promise<void>;
}

/** What erasing an end user removed, by kind. */
export interface ErasureCounts {
  charts: number;
  casts: number;
  plans: number;
  sessions: number;
  session_events: number;
  checkouts: number;
  responses: number;
  feedback: number;
}

/** What a backend reports of its own work, for the metrics (platform/metrics.ts). */
export interface StorageObserver {
  /** SQLite: writes committed together in one transaction (write-batch.ts). */
  writeBatch(statements: number): void;
  /** SQLite: one WAL checkpoint that copied frames, and its mode (passive, restart). */
  checkpoint(seconds: number, mode: string): void;
  /** PostgreSQL: the pool's size, and how to read its use when the metrics are scraped. */
  poolUse?(max: number, read: () => Promise<PoolUse>): void;
}

/** An instance's PostgreSQL connections: `busy` ones run a statement or hold a transaction. */
export interface PoolUse {
  busy: number;
  idle: number;
}

export interface Storage {
  /** Which database holds the data, as /ready reports it. */
  readonly backend: "sqlite" | "postgresql";
  /**
   * Shared request limits, when several processes serve this database (PostgreSQL).
   * Absent: one process serves it and counts in memory (platform/limits.ts).
   */
  readonly sharedLimits?: SharedLimitStore;
  /**
   * Moves the backend's own upkeep to a worker thread running `workerUrl` (SQLite: WAL checkpoints,
   * src/db/sqlite/checkpoint-worker.ts), when it has any; resolves whether the worker started.
   */
  checkpointInBackground?(workerUrl: string, options?: { onFailure?: (message: string) => void }): Promise<boolean>;
  /** Reports the backend's own work to `observer` from now on (SQLite: writes and checkpoints; PostgreSQL: its pool's use). */
  observe?(observer: StorageObserver): void;
  /** A consistent copy of the live database in a new file, checked before it is reported (SQLite; PostgreSQL has pg_dump). */
  backupTo?(path: string): Promise<{ bytes: number; durationMs: number }>;
  readonly subjects: Readonly<Record<SubjectKind, SubjectStore>>;
  readonly sessions: SessionStore;
  readonly responses: ResponseStore;
  readonly apps: AppStore;
  readonly keys: KeyStore;
  readonly idempotency: IdempotencyStore;
  readonly usage: UsageStore;

  // lifecycle and readiness
  /** Applies every migration not applied yet; returns the tags applied now. */
  migrate(): Promise<string[]>;
  appliedMigrations(): Promise<string[]>;
  /** The database answers, every migration is applied and a write commits. */
  isReady(): Promise<boolean>;
  /** Finishes pending writes and closes the connection(s). */
  close(): Promise<void>;

  /**
   * The database's fact `name` (database_facts): the value stored, storing `value` first when there
   * is none (the first start decides), or — with `replace` — storing `value` in any case.
   */
  claimFact(name: string, value: string, now: number, replace?: boolean): Promise<string>;
  /**
   * Erases an end user of an App in one transaction: their charts, casts and Plans with everything
   * downstream of them (Sessions, events, checkouts, Responses, feedback), their Sessions and
   * Responses on other Subjects with theirs, and the stored answers that copied any of it (turned
   * into tombstones, as a single delete does). `completion`, the erasure's own answer, in the same transaction.
   */
  eraseEndUser(appId: string, endUserId: string, completion: (counts: ErasureCounts) => IdempotencyCompletion | undefined): Promise<ErasureCounts>;
  /**
   * Stores a constant JSON block once (content-addressed). Records containing it are then
   * stored with a short reference in its place, and every read returns them whole
   * (see record-fragments.ts). Until this resolves, records are stored whole.
   */
  registerRecordFragment(json: string): Promise<void>;
}

/** Apps (the operator CLI and authentication). A change here is seen by the next authentication (KeyStore.findByDigest). */
export interface AppStore {
  insert(app: AppRecord): Promise<void>;
  get(id: string): Promise<AppRecord | null>;
  list(): Promise<AppRecord[]>;
  count(): Promise<number>;
  update(id: string, changes: AppChanges, now: number): Promise<AppRecord | null>;
  /** Deletes the App and every row it owns in one transaction (db/app-deletion.ts); null when there is no such App. */
  delete(appId: string): Promise<AppDeletionCounts | null>;
}

/** API keys (stored as digests). */
export interface KeyStore {
  insert(key: KeyRecord): Promise<void>;
  /**
   * The key and its App, for authentication: may be cached, but a change made through this store is
   * seen at once, and one made by any other process within a second (SQLite: at once).
   */
  findByDigest(digest: string): Promise<{ key: KeyRecord; app: AppRecord } | null>;
  list(appId: string): Promise<KeyRecord[]>;
  get(id: string): Promise<KeyRecord | null>;
  revoke(id: string, now: number): Promise<KeyRecord | null>;
  /** Sets the key to expire at `at`, unless it is revoked or already expires sooner; the key, or null when missing. */
  expire(id: string, at: number): Promise<KeyRecord | null>;
  /** Best effort bookkeeping (last_used_at). */
  touch(id: string, now: number): Promise<void>;
}

/** Idempotency-Key claims and stored answers. A business write stores its answer itself (atomically, with an IdempotencyCompletion). */
export interface IdempotencyStore {
  /** Claims (App, key) for one request, or returns the record that already holds it. */
  claim(c: IdempotencyClaim): Promise<ClaimResult>;
  /** Stores a final answer that has no business write of its own (e.g. a replayable 404). */
  complete(completion: IdempotencyCompletion): Promise<void>;
  /** Forgets a claim whose request must run again on retry (5xx, 503/504). */
  release(appId: string, key: string, requestId: string): Promise<void>;
  /** The stored record an idempotent answer refers to (IdempotencyCompletion.resourceId), or null. */
  storedRecord(appId: string, resourceId: string): Promise<string | null>;
  purgeExpired(now: number): Promise<number>;
  /** The stored answer for (App, key), else the claim of a request running now, else null. */
  get(appId: string, key: string): Promise<IdempotencyRecord | null>;
}

/** Requests and billing units by App and UTC month. Billing units are added inside the write they pay for. */
export interface UsageStore {
  addRequests(counts: Map<string, number>, month: string): Promise<void>;
  get(appId: string, month: string): Promise<UsageRecord>;
}

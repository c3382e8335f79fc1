/**
 * Records as the rest of the service sees them, independent of the SQL dialect,
 * so a PostgreSQL backend can implement the same Store.
 */
export { CAPABILITIES, type Capability } from "../subjects.ts";
import type { Capability } from "../subjects.ts";
export type AppEnv = "test" | "live";

export interface AppRecord {
  id: string;
  name: string;
  env: AppEnv;
  capabilities: Capability[];
  rpm: number;
  concurrency: number;
  monthlyQuota: number;
  status: "active" | "suspended";
  createdAt: number;
  updatedAt: number;
}

export interface KeyRecord {
  id: string;
  appId: string;
  name: string | null;
  digest: string;
  hint: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

export interface IdempotencyRecord {
  appId: string;
  key: string;
  fingerprint: string;
  state: "in_progress" | "completed";
  status: number | null;
  body: string | null;
  requestId: string;
  createdAt: number;
  expiresAt: number;
  lockedUntil: number;
  /** Set with a null `body`: the answer is this resource's stored record. */
  resourceId: string | null;
}

export interface IdempotencyClaim {
  appId: string;
  key: string;
  fingerprint: string;
  requestId: string;
  now: number;
  ttlMs: number;
  lockMs: number;
  /**
   * The request writes nothing before its one write and costs little to run again (a Subject's
   * creation): the store may then take the key in that write instead of now. PostgreSQL does, and
   * saves a round trip and a row version; a write that finds the key already stored or claimed
   * throws IdempotencyKeyTaken, and the request claims again. (SQLite's claims are in memory anyway.)
   */
  inWrite?: boolean;
}

/** `inWrite`: the store did not check the key now, and its write will (see IdempotencyClaim.inWrite). */
export type ClaimResult = { kind: "claimed"; inWrite?: true } | { kind: "existing"; record: IdempotencyRecord };

/** The final answer of an idempotent request, stored in the same transaction as its business write. */
export interface IdempotencyCompletion {
  appId: string;
  key: string;
  requestId: string;
  status: number;
  body: string;
  /**
   * The created resource whose stored record is exactly `body`: then only this
   * reference is kept (see schema.ts), and deleting the resource deletes it.
   */
  resourceId?: string;
  /**
   * The resource this answer belongs to when `body` is a copy that is not its stored record
   * (a Healing Session's creation, event and checkout answers): the copy is kept, and deleting
   * the resource deletes it too (Store.forgetIdempotencyOf), so no replay outlives the data.
   */
  ownerId?: string;
}

export interface UsageRecord {
  appId: string;
  month: string;
  billingUnits: number;
  requests: number;
}

/**
 * The request's idempotency claim was taken over by a retry after its lock ran
 * out, so its answer must not be stored; its writes are rolled back.
 */
export class IdempotencyClaimLost extends Error {
  constructor(readonly key: string) {
    super(`The claim on Idempotency-Key "${key}" was taken over by a retry.`);
  }
}

/**
 * A write whose claim was left to it (IdempotencyClaim.inWrite) found the key already stored, or
 * claimed by another request; nothing was written. The pipeline claims the key again, and
 * replays what is stored or answers as for any claimed key.
 */
export class IdempotencyKeyTaken extends Error {
  constructor(readonly key: string) {
    super(`Idempotency-Key "${key}" was stored or claimed by another request before this one's write.`);
  }
}

/**
 * A billing write would take the App past its monthly quota (checked in the
 * write's own transaction, so the quota holds across instances); its writes are
 * rolled back. The pipeline answers 429 MONTHLY_QUOTA_EXCEEDED.
 */
export class MonthlyQuotaExhausted extends Error {
  constructor(
    readonly appId: string,
    readonly month: string,
    readonly quota: number,
  ) {
    super(`The App's monthly quota of ${quota} billing units for ${month} is spent.`);
  }
}

/**
 * The record a write hangs on (a Response's Subject, a feedback's Response) was
 * deleted after the request read it, so the write would leave an orphan behind;
 * its writes are rolled back. The pipeline answers 404 RESOURCE_NOT_FOUND.
 */
export class DeletedMeanwhile extends Error {
  constructor(readonly id: string) {
    super(`"${id}" was deleted while this request was running.`);
  }
}

/** A backup could not be written or its copy failed integrity_check; the message says which, for an operator. */
export class BackupFailed extends Error {}

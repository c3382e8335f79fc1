/**
 * The database schema (PostgreSQL dialect): the same tables and column names as
 * ../sqlite/schema.ts, so the schema, ids and every record are identical on both
 * backends. drizzle-kit generates the SQL migrations in /migrations/postgres from
 * this file: `npx drizzle-kit generate --config drizzle.postgres.config.ts`.
 *
 * Times are integer milliseconds since the epoch (UTC), as on SQLite: `bigint`
 * (SQLite's integers are 64-bit, so counters and limits are too). Records stay
 * JSON *text*, never jsonb, so they are answered byte for byte as stored.
 *
 * Two tables exist only here: the shared rate-limit state (limit_buckets,
 * limit_leases), which an SQLite deployment keeps in its one process's memory.
 */
import { sql } from "drizzle-orm";
import { pgTable, text, integer, bigint, doublePrecision, primaryKey, index, uniqueIndex } from "drizzle-orm/pg-core";
import { SUBJECTS, type SubjectKind } from "../../subjects.ts";

/** A 64-bit integer read as a JavaScript number (every value the service stores is a safe integer). */
const int64 = (name: string) => bigint(name, { mode: "number" });

export const apps = pgTable("apps", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  env: text("env", { enum: ["test", "live"] }).notNull(),
  /** JSON array of granted capabilities, e.g. ["bazi","liuyao"]. */
  capabilities: text("capabilities").notNull(),
  rpm: int64("rpm").notNull(),
  concurrency: int64("concurrency").notNull(),
  monthlyQuota: int64("monthly_quota").notNull(),
  status: text("status", { enum: ["active", "suspended"] }).notNull(),
  createdAt: int64("created_at").notNull(),
  updatedAt: int64("updated_at").notNull(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    appId: text("app_id")
      .notNull()
      .references(() => apps.id),
    name: text("name"),
    /** HMAC-SHA-256(KEY_PEPPER, key), hex. The plaintext is never stored. */
    digest: text("digest").notNull().unique(),
    /** A masked hint such as "ap_test_…x9Qz" so operators can tell keys apart. */
    hint: text("hint").notNull(),
    createdAt: int64("created_at").notNull(),
    expiresAt: int64("expires_at"),
    revokedAt: int64("revoked_at"),
    lastUsedAt: int64("last_used_at"),
  },
  (t) => [index("api_keys_app_idx").on(t.appId)],
);

/**
 * Unlike SQLite (one process: claims live in memory), a claim is a row here:
 * state 'in_progress' with `locked_until`, inserted before the request runs, so
 * every instance sees it; the completion turns it into the stored answer. A
 * Subject's creation claims its key in its write: its row is inserted completed.
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    appId: text("app_id").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["in_progress", "completed"] }).notNull(),
    /** Final HTTP status and body text, replayed byte for byte. */
    status: integer("status"),
    body: text("body"),
    requestId: text("request_id").notNull(),
    createdAt: int64("created_at").notNull(),
    expiresAt: int64("expires_at").notNull(),
    /** While in progress: after this instant the claim is considered abandoned (crash) and may be taken over. */
    lockedUntil: int64("locked_until").notNull(),
    /** See ../sqlite/schema.ts: the resource whose stored record is the answer (then `body` is null), or the answer's owner. */
    resourceId: text("resource_id"),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.key] }),
    // The purge's two conditions (expired, or a claim whose lock ran out), each by its index: without
    // the second, no index served their OR and every purge read the whole table.
    index("idempotency_expires_idx").on(t.expiresAt),
    index("idempotency_claims_locked_idx").on(t.lockedUntil).where(sql`state = 'in_progress'`),
    // Partial: only the lookups by resource (tombstones) can use it. Whole, it ties with the primary
    // key on an empty table, and a prepared statement's generic plan for (app_id, key) could pick it,
    // then scan every record of the App (seen: creations slowed 2-3x as the table grew).
    index("idempotency_resource_idx").on(t.appId, t.resourceId).where(sql`resource_id IS NOT NULL`),
  ],
);

export const usageMonths = pgTable(
  "usage_months",
  {
    appId: text("app_id").notNull(),
    /** UTC month, "YYYY-MM". */
    month: text("month").notNull(),
    billingUnits: int64("billing_units").notNull().default(0),
    requests: int64("requests").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.month] })],
);

/**
 * Charts, casts and Plans: immutable, the complete answer stored as JSON text. Every column holding an
 * answer (here, and record/body/summary/json elsewhere) compresses with lz4 (migration 0009, which
 * drizzle cannot declare): pglz cost about a third of a creation's statement.
 */
function subjectTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: text("id").primaryKey(),
      appId: text("app_id").notNull(),
      endUserId: text("end_user_id"),
      createdAt: int64("created_at").notNull(),
      record: text("record").notNull(),
    },
    // The list endpoints (newest first by id, which starts with the creation time): each page is a
    // range scan of one of these, for the App or for one of its end users.
    (t) => [index(`${name}_app_id_idx`).on(t.appId, t.id), index(`${name}_end_user_idx`).on(t.appId, t.endUserId, t.id)],
  );
}

export const charts = subjectTable(SUBJECTS.chart.table);
export const casts = subjectTable(SUBJECTS.cast.table);
export const plans = subjectTable(SUBJECTS.plan.table);

/** The Subject tables by kind. */
export const SUBJECT_TABLES = { chart: charts, cast: casts, plan: plans } as const satisfies Record<SubjectKind, unknown>;

/** Healing Sessions: `state` and `elapsed_seconds` move with each accepted event. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    planId: text("plan_id").notNull(),
    endUserId: text("end_user_id"),
    state: text("state").notNull(),
    elapsedSeconds: int64("elapsed_seconds").notNull(),
    createdAt: int64("created_at").notNull(),
    updatedAt: int64("updated_at").notNull(),
    record: text("record").notNull(),
  },
  // Lists by App, end user or Plan (newest first by id); the Plan's also serves its delete's cascade.
  (t) => [index("sessions_app_id_idx").on(t.appId, t.id), index("sessions_end_user_idx").on(t.appId, t.endUserId, t.id), index("sessions_plan_idx").on(t.appId, t.planId, t.id)],
);

/** Accepted Session events, in order (`seq` from 1). */
export const sessionEvents = pgTable(
  "session_events",
  {
    sessionId: text("session_id").notNull(),
    seq: integer("seq").notNull(),
    clientEventId: text("client_event_id").notNull(),
    record: text("record").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] }), uniqueIndex("session_events_client_idx").on(t.sessionId, t.clientEventId)],
);

/** At most one checkout per Session, immutable. */
export const checkouts = pgTable("checkouts", {
  sessionId: text("session_id").primaryKey(),
  appId: text("app_id").notNull(),
  createdAt: int64("created_at").notNull(),
  record: text("record").notNull(),
});

/** AI Responses; deleting a Subject deletes its Responses by `subject_id`. */
export const responses = pgTable(
  "responses",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    capability: text("capability", { enum: ["bazi", "liuyao", "healing"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    previousResponseId: text("previous_response_id"),
    endUserId: text("end_user_id"),
    createdAt: int64("created_at").notNull(),
    summary: text("summary").notNull(),
    record: text("record").notNull(),
  },
  // A Subject's Responses (its delete, and the list filtered by subject_id), the App's, an end user's: newest first by id.
  (t) => [index("responses_subject_idx").on(t.appId, t.subjectId, t.id), index("responses_app_id_idx").on(t.appId, t.id), index("responses_end_user_idx").on(t.appId, t.endUserId, t.id)],
);

export const feedback = pgTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    responseId: text("response_id").notNull(),
    createdAt: int64("created_at").notNull(),
    record: text("record").notNull(),
  },
  (t) => [index("feedback_response_idx").on(t.responseId)],
);

/** One row rewritten by `/ready` (at most once a second): readiness means a real write commits. */
export const readinessProbe = pgTable("readiness_probe", {
  id: integer("id").primaryKey(),
  at: int64("at").notNull(),
});

/** Facts about the database itself, one row each (see the SQLite schema): `pepper_fingerprint`. */
export const databaseFacts = pgTable("database_facts", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: int64("created_at").notNull(),
});

/**
 * Shared requests-per-minute state: one token bucket per App, refilled and taken
 * in batches, in one locked step, by lingshu_take_allowance() (migration 0007).
 */
export const limitBuckets = pgTable("limit_buckets", {
  appId: text("app_id").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  updatedAt: int64("updated_at").notNull(),
});

/**
 * Requests in flight: the slots of an App each instance holds (one row per instance and App; its
 * requests run inside them, counted in its memory). A lease whose instance died stops being renewed
 * and is ignored once `expires_at` passes (then deleted).
 */
export const limitLeases = pgTable(
  "limit_leases",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    expiresAt: int64("expires_at").notNull(),
    slots: int64("slots").notNull().default(1),
  },
  (t) => [index("limit_leases_app_idx").on(t.appId, t.expiresAt)],
);

/**
 * Long constant JSON blocks that many stored records contain (a chart's conventions: 2.5 KB of
 * its 6 KB), stored once. A record holds a reference in their place and is read back whole: see
 * src/db/record-fragments.ts. Content-addressed (id from the SHA-256 of json), never changed.
 */
export const recordFragments = pgTable("record_fragments", {
  id: text("id").primaryKey(),
  json: text("json").notNull(),
});

/**
 * The database schema (SQLite dialect). drizzle-kit generates the SQL
 * migrations in /migrations from this file: `npm run db:generate`.
 * Times are integer milliseconds since the epoch (UTC).
 */
import { sqliteTable, text, integer, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SUBJECTS, type SubjectKind } from "../../subjects.ts";

export const apps = sqliteTable("apps", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  env: text("env", { enum: ["test", "live"] }).notNull(),
  /** JSON array of granted capabilities, e.g. ["bazi","liuyao"]. */
  capabilities: text("capabilities").notNull(),
  rpm: integer("rpm").notNull(),
  concurrency: integer("concurrency").notNull(),
  monthlyQuota: integer("monthly_quota").notNull(),
  status: text("status", { enum: ["active", "suspended"] }).notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull().references(() => apps.id),
    name: text("name"),
    /** HMAC-SHA-256(KEY_PEPPER, key), hex. The plaintext is never stored. */
    digest: text("digest").notNull().unique(),
    /** A masked hint such as "ap_test_…x9Qz" so operators can tell keys apart. */
    hint: text("hint").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("api_keys_app_idx").on(t.appId)],
);

export const idempotencyRecords = sqliteTable(
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
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** While in progress: after this instant the claim is considered abandoned (crash) and may be taken over. */
    lockedUntil: integer("locked_until").notNull(),
    /**
     * The resource the request created. When its stored record is exactly the
     * answer, `body` stays null and a replay reads the record: the bytes are
     * not kept twice, and hard-deleting the resource deletes this row too.
     */
    resourceId: text("resource_id"),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.key] }),
    index("idempotency_expires_idx").on(t.expiresAt),
    index("idempotency_resource_idx").on(t.appId, t.resourceId),
  ],
);

export const usageMonths = sqliteTable(
  "usage_months",
  {
    appId: text("app_id").notNull(),
    /** UTC month, "YYYY-MM". */
    month: text("month").notNull(),
    billingUnits: integer("billing_units").notNull().default(0),
    requests: integer("requests").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.month] })],
);

/**
 * Charts and casts are immutable once created: the complete answer is stored as
 * JSON text and served as is, so a GET returns exactly what the POST returned.
 */
function subjectTable<N extends string>(name: N) {
  return sqliteTable(
    name,
    {
      id: text("id").primaryKey(),
      appId: text("app_id").notNull(),
      endUserId: text("end_user_id"),
      createdAt: integer("created_at").notNull(),
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

/** The Subject tables by kind: one source for the repository and for idempotent replays. */
export const SUBJECT_TABLES = { chart: charts, cast: casts, plan: plans } as const satisfies Record<SubjectKind, unknown>;

/**
 * Healing Sessions are the one mutable resource: `state` and `elapsed_seconds`
 * move with each accepted event. `record` holds the immutable creation facts
 * (plan snapshot id, playback mode, client ids) as JSON.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    planId: text("plan_id").notNull(),
    endUserId: text("end_user_id"),
    state: text("state").notNull(),
    elapsedSeconds: integer("elapsed_seconds").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    record: text("record").notNull(),
  },
  // Lists by App, end user or Plan (newest first by id); the Plan's also serves its delete's cascade.
  (t) => [index("sessions_app_id_idx").on(t.appId, t.id), index("sessions_end_user_idx").on(t.appId, t.endUserId, t.id), index("sessions_plan_idx").on(t.appId, t.planId, t.id)],
);

/** Accepted Session events, in order (`seq` from 1). Each row's `record` is the event as answered. */
export const sessionEvents = sqliteTable(
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
export const checkouts = sqliteTable("checkouts", {
  sessionId: text("session_id").primaryKey(),
  appId: text("app_id").notNull(),
  createdAt: integer("created_at").notNull(),
  record: text("record").notNull(),
});

/**
 * AI Responses. `summary` is the rolling summary after this turn (bounded length);
 * a follow-up reads its parent's. Deleting a Subject deletes its Responses by `subject_id`.
 */
export const responses = sqliteTable(
  "responses",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    capability: text("capability", { enum: ["bazi", "liuyao", "healing"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    previousResponseId: text("previous_response_id"),
    endUserId: text("end_user_id"),
    createdAt: integer("created_at").notNull(),
    summary: text("summary").notNull(),
    record: text("record").notNull(),
  },
  // A Subject's Responses (its delete, and the list filtered by subject_id), the App's, an end user's: newest first by id.
  (t) => [index("responses_subject_idx").on(t.appId, t.subjectId, t.id), index("responses_app_id_idx").on(t.appId, t.id), index("responses_end_user_idx").on(t.appId, t.endUserId, t.id)],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    appId: text("app_id").notNull(),
    responseId: text("response_id").notNull(),
    createdAt: integer("created_at").notNull(),
    record: text("record").notNull(),
  },
  (t) => [index("feedback_response_idx").on(t.responseId)],
);

/** One row rewritten by `/ready`: readiness means a real write commits (full disk, read-only file). */
export const readinessProbe = sqliteTable("readiness_probe", {
  id: integer("id").primaryKey(),
  at: integer("at").notNull(),
});

/**
 * Facts about the database itself, one row each: `pepper_fingerprint`, the fingerprint of the
 * KEY_PEPPER it was first used with (src/platform/pepper.ts), so a start with another pepper, which
 * could verify none of its keys, is refused instead of serving 401s.
 */
export const databaseFacts = sqliteTable("database_facts", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * Long constant JSON blocks that many stored records contain (a chart's conventions: 2.5 KB of
 * its 6 KB), stored once. A record holds a reference in their place and is read back whole: see
 * src/db/record-fragments.ts. Content-addressed (id from the SHA-256 of json), never changed.
 */
export const recordFragments = sqliteTable("record_fragments", {
  id: text("id").primaryKey(),
  json: text("json").notNull(),
});

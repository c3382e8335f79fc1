/**
 * The database schema (SQLite dialect). drizzle-kit generates the SQL
 * migrations in /migrations from this file: `npm run db:generate`.
 * Times are integer milliseconds since the epoch (UTC).
 */
import { sqliteTable, text, integer, primaryKey, index } from "drizzle-orm/sqlite-core";

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
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] }), index("idempotency_expires_idx").on(t.expiresAt)],
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
    (t) => [index(`${name}_app_idx`).on(t.appId, t.createdAt)],
  );
}

export const charts = subjectTable("charts");
export const casts = subjectTable("casts");

/**
 * Deleting an App (`lingshu app delete`): every row it owns, children before their parents, then
 * the App. One list for both backends, in SQL both accept; `$1` is the App's id (SQLite binds it
 * as ?1). Content-addressed record fragments are shared by all Apps and stay.
 */
export interface DeletionStep {
  table: string;
  where: string;
}

const byApp = (table: string): DeletionStep => ({ table, where: "app_id = $1" });

export const APP_DELETION: readonly DeletionStep[] = [
  // Session events carry no app_id: they go with their Sessions.
  { table: "session_events", where: "session_id IN (SELECT id FROM sessions WHERE app_id = $1)" },
  ...["checkouts", "feedback", "responses", "sessions", "plans", "casts", "charts", "idempotency_records", "usage_months", "api_keys"].map(byApp),
];

/** PostgreSQL's shared limits hold rows per App too (db/postgres/limits.ts). */
export const APP_DELETION_POSTGRES_LIMITS: readonly DeletionStep[] = ["limit_leases", "limit_buckets"].map(byApp);

/** The App's own row, last. */
export const APP_ROW: DeletionStep = { table: "apps", where: "id = $1" };

/** Rows deleted, by table. */
export type AppDeletionCounts = Record<string, number>;

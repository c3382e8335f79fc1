-- Constant JSON blocks stored once (src/db/record-fragments.ts), and no more (app_id, created_at)
-- index on the Subject tables: no query used it, and every insert paid for it.
-- Written to be re-runnable (IF [NOT] EXISTS), like 0001 on PostgreSQL.
CREATE TABLE IF NOT EXISTS "record_fragments" (
	"id" text PRIMARY KEY NOT NULL,
	"json" text NOT NULL
);
--> statement-breakpoint
DROP INDEX IF EXISTS "casts_app_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "charts_app_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "plans_app_idx";

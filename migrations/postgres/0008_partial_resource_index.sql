-- The index of idempotency records by resource becomes partial (resource_id IS NOT NULL), so that only
-- the lookups by resource (tombstones) can use it. Whole, it tied with the primary key while the table
-- was empty, and a prepared statement's generic plan for (app_id, key) could pick it and then scan every
-- record of the App. Rebuilding it blocks writes to idempotency_records for as long as the build takes
-- (the table holds about a day of requests: records expire after 24 h). Re-runnable.
DROP INDEX IF EXISTS "idempotency_resource_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_resource_idx" ON "idempotency_records" USING btree ("app_id","resource_id") WHERE resource_id IS NOT NULL;

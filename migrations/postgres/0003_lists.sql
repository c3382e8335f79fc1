-- The list endpoints: newest first by id (ids begin with their creation time), for an App, one of its
-- end users, or (Responses) one Subject; each page a range scan of one of these indexes. Responses
-- get an end_user_id column, filled from their stored records (a follow-up's is its parent's).
-- Written to be re-runnable (IF [NOT] EXISTS).
DROP INDEX IF EXISTS "responses_subject_idx";--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN IF NOT EXISTS "end_user_id" text;--> statement-breakpoint
UPDATE "responses" SET "end_user_id" = ("record"::jsonb) ->> 'end_user_id' WHERE "end_user_id" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "casts_app_id_idx" ON "casts" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "casts_end_user_idx" ON "casts" USING btree ("app_id","end_user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charts_app_id_idx" ON "charts" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charts_end_user_idx" ON "charts" USING btree ("app_id","end_user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plans_app_id_idx" ON "plans" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "plans_end_user_idx" ON "plans" USING btree ("app_id","end_user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "responses_app_id_idx" ON "responses" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "responses_end_user_idx" ON "responses" USING btree ("app_id","end_user_id","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "responses_subject_idx" ON "responses" USING btree ("app_id","subject_id","id");

-- Claims in progress by when their lock runs out, for the purge of abandoned claims. The purge (every 10
-- minutes) deletes `expires_at < now OR (state = 'in_progress' AND locked_until <= now)`; with an index
-- for only the first condition, no index could serve the OR, and each purge read the whole table (about
-- a day of requests). With this one PostgreSQL combines the two (BitmapOr). Partial: claims in progress
-- are few (a Subject's creation claims its key in its write and never has one), so it stays small.
-- Building it reads the table once and blocks writes to idempotency_records while it runs. Re-runnable.
CREATE INDEX IF NOT EXISTS "idempotency_claims_locked_idx" ON "idempotency_records" USING btree ("locked_until") WHERE state = 'in_progress';

-- Facts about the database itself: the fingerprint of the KEY_PEPPER it was first used with
-- (src/platform/pepper.ts). Written to be re-runnable (IF NOT EXISTS).
CREATE TABLE IF NOT EXISTS "database_facts" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" bigint NOT NULL
);

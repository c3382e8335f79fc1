-- Instances cache authenticated callers (src/db/postgres/keys.ts). A change to an App or to a key's
-- validity notifies every instance on the channel lingshu_callers, and each drops its cache at once;
-- a cache entry also expires after a second, which bounds the delay when a notification is missed
-- (a reconnecting listener, a pooler that does not pass LISTEN through).
-- Statement-level triggers: one notification per statement, and PostgreSQL folds identical
-- notifications of one transaction into one. A key's last_used_at update notifies nobody.
-- Re-runnable, as every migration here.
CREATE OR REPLACE FUNCTION lingshu_notify_callers() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('lingshu_callers', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lingshu_apps_changed ON apps;
--> statement-breakpoint
CREATE TRIGGER lingshu_apps_changed AFTER INSERT OR UPDATE OR DELETE ON apps
	FOR EACH STATEMENT EXECUTE FUNCTION lingshu_notify_callers();
--> statement-breakpoint
DROP TRIGGER IF EXISTS lingshu_keys_changed ON api_keys;
--> statement-breakpoint
CREATE TRIGGER lingshu_keys_changed AFTER INSERT OR DELETE OR UPDATE OF app_id, digest, expires_at, revoked_at ON api_keys
	FOR EACH STATEMENT EXECUTE FUNCTION lingshu_notify_callers();

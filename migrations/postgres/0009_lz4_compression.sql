-- The stored answers (charts, casts, Plans, Sessions, Responses and their idempotent replays) are JSON
-- text of a few kilobytes, which PostgreSQL compresses on write (TOAST). Its default, pglz, spent
-- about a third of the time of a creation's main statement (160 µs of it against 105 µs with lz4 in
-- bench/postgres.mjs). lz4 is used where the server was built with it (PostgreSQL 14+, which every
-- packaged build is); elsewhere nothing changes. Only new values are compressed the new way: the
-- table is not rewritten, and a value written with pglz stays readable. Re-runnable.
DO $$
DECLARE
  col record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    RETURN;
  END IF;
  FOR col IN
    SELECT c.table_name, c.column_name FROM information_schema.columns AS c
    WHERE c.table_schema = current_schema() AND c.data_type = 'text'
      AND (c.table_name, c.column_name) IN (
        ('charts', 'record'), ('casts', 'record'), ('plans', 'record'),
        ('sessions', 'record'), ('session_events', 'record'), ('checkouts', 'record'),
        ('responses', 'record'), ('responses', 'summary'), ('feedback', 'record'),
        ('idempotency_records', 'body'), ('record_fragments', 'json'))
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET COMPRESSION lz4', col.table_name, col.column_name);
  END LOOP;
END $$;

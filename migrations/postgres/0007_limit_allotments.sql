-- Shared per-App request limits taken in batches (src/db/postgres/limits.ts): an instance takes
-- rate tokens from the App's bucket and holds in-flight slots for its own requests, counting them
-- in its memory, and comes back here only when it runs out, to give back what it no longer uses,
-- or to renew. A lease row is now one instance's slots for one App (`slots`; 1 for a row of the
-- per-request leases of an older version, so both count the same during a rolling deploy).
-- Re-runnable, as every migration here.
ALTER TABLE "limit_leases" ADD COLUMN IF NOT EXISTS "slots" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- An instance of the previous version counts slots too while both versions run.
CREATE OR REPLACE FUNCTION lingshu_acquire_slot(
	p_app_id text,
	p_rpm bigint,
	p_concurrency bigint,
	p_now bigint,
	p_lease_id text,
	p_lease_ms bigint
) RETURNS TABLE (outcome text, remaining double precision, in_flight bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	available double precision;
	running bigint;
BEGIN
	INSERT INTO limit_buckets AS b (app_id, tokens, updated_at) VALUES (p_app_id, p_rpm, p_now)
	ON CONFLICT (app_id) DO UPDATE
		SET tokens = LEAST(p_rpm::double precision, b.tokens + GREATEST(0, p_now - b.updated_at)::double precision * p_rpm / 60000.0),
			updated_at = GREATEST(b.updated_at, p_now)
	RETURNING b.tokens INTO available;
	IF available < 1 THEN
		RETURN QUERY SELECT 'rate'::text, available, NULL::bigint;
		RETURN;
	END IF;
	DELETE FROM limit_leases AS l WHERE l.app_id = p_app_id AND l.expires_at <= p_now;
	SELECT COALESCE(sum(l.slots), 0) INTO running FROM limit_leases AS l WHERE l.app_id = p_app_id;
	IF running >= p_concurrency THEN
		RETURN QUERY SELECT 'concurrency'::text, available, running;
		RETURN;
	END IF;
	UPDATE limit_buckets AS b SET tokens = available - 1 WHERE b.app_id = p_app_id;
	INSERT INTO limit_leases (id, app_id, expires_at) VALUES (p_lease_id, p_app_id, p_now + p_lease_ms);
	RETURN QUERY SELECT 'ok'::text, available - 1, running + 1;
END
$$;
--> statement-breakpoint
-- One step under the App's bucket row lock (held to the end of the call, as in 0001): refill the
-- bucket and add the tokens given back (never past rpm), take up to p_tokens whole tokens, drop
-- expired leases, and set this instance's lease to p_slots slots, or fewer when the other
-- instances hold the rest of p_concurrency (0 deletes it). Returns the tokens taken, the bucket's
-- tokens left, the slots this instance now holds, and the slots held by all.
CREATE OR REPLACE FUNCTION lingshu_take_allowance(
	p_app_id text,
	p_rpm bigint,
	p_concurrency bigint,
	p_now bigint,
	p_lease_id text,
	p_lease_ms bigint,
	p_tokens bigint,
	p_returned_tokens bigint,
	p_slots bigint
) RETURNS TABLE (taken bigint, remaining double precision, held bigint, in_flight bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	available double precision;
	granted bigint;
	others bigint;
	holding bigint;
BEGIN
	INSERT INTO limit_buckets AS b (app_id, tokens, updated_at) VALUES (p_app_id, p_rpm, p_now)
	ON CONFLICT (app_id) DO UPDATE
		SET tokens = LEAST(p_rpm::double precision, b.tokens + GREATEST(0, p_now - b.updated_at)::double precision * p_rpm / 60000.0 + p_returned_tokens),
			updated_at = GREATEST(b.updated_at, p_now)
	RETURNING b.tokens INTO available;
	granted := LEAST(p_tokens, GREATEST(0, floor(available)))::bigint;
	IF granted > 0 THEN
		UPDATE limit_buckets AS b SET tokens = available - granted WHERE b.app_id = p_app_id;
	END IF;
	DELETE FROM limit_leases AS l WHERE l.app_id = p_app_id AND l.expires_at <= p_now;
	SELECT COALESCE(sum(l.slots), 0) INTO others FROM limit_leases AS l WHERE l.app_id = p_app_id AND l.id <> p_lease_id;
	holding := GREATEST(0, LEAST(p_slots, p_concurrency - others));
	IF holding = 0 THEN
		DELETE FROM limit_leases AS l WHERE l.id = p_lease_id;
	ELSE
		INSERT INTO limit_leases AS l (id, app_id, expires_at, slots) VALUES (p_lease_id, p_app_id, p_now + p_lease_ms, holding)
		ON CONFLICT (id) DO UPDATE SET slots = EXCLUDED.slots, expires_at = GREATEST(l.expires_at, EXCLUDED.expires_at);
	END IF;
	RETURN QUERY SELECT granted, available - granted, holding, others + holding;
END
$$;

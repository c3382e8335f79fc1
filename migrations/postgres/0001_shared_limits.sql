-- Shared per-App request limits (src/db/postgres/limits.ts), for several instances on one
-- database: one call refills the App's token bucket, then takes one token and one in-flight
-- lease, or says which limit refused ('rate' | 'concurrency') and leaves the lease table as is.
--
-- Why a function: the bucket upsert locks the App's bucket row until the call's transaction
-- ends, and each later statement of a VOLATILE plpgsql function reads a fresh snapshot (READ
-- COMMITTED), so the lease count sees every lease committed by the call that held the lock
-- before. One round trip, serialised per App, with no advisory lock and no explicit BEGIN.
-- Leases past `expires_at` (an instance that died stopped renewing them) are deleted here.
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
	SELECT count(*) INTO running FROM limit_leases AS l WHERE l.app_id = p_app_id;
	IF running >= p_concurrency THEN
		RETURN QUERY SELECT 'concurrency'::text, available, running;
		RETURN;
	END IF;
	UPDATE limit_buckets AS b SET tokens = available - 1 WHERE b.app_id = p_app_id;
	INSERT INTO limit_leases (id, app_id, expires_at) VALUES (p_lease_id, p_app_id, p_now + p_lease_ms);
	RETURN QUERY SELECT 'ok'::text, available - 1, running + 1;
END
$$;

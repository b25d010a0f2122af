-- Reminders of points about to expire (docs/architecture.md A6.17, docs/decisions/0049-celebrations.md): every
-- active person (not a store account) with points is told p_days (30, 7 and 1) local days before the
-- redemption cutoff p_closes_at (programCalendar's redemption.closesAt: orders close and, on p_expires_on,
-- every balance goes to 0), counted in their zone (position, else office, else p_program_zone), from their
-- store's local hour on (celebration_settings, else p_defaults). The notification ('Points expiring: <points>
-- by YYYY-MM-DD', type points) carries the balance at that moment and the last local day to redeem in their
-- zone, which each reader words in their language (notification-text.ts); its copy goes by their preferred
-- channel (the outbox trigger). Nobody with 0 points is told. Each threshold once per person and cutoff
-- whatever the number of instances and runs: the key expiry_reminders is inserted in the caller's
-- transaction and only the rows that insert are told (decision 0033), under the celebrations' advisory lock.
-- p_users limits the run to those people; p_zones as in rs_celebrate. Answers how many reminders were sent.
CREATE OR REPLACE FUNCTION rs_expiry_reminders(
  p_at timestamptz,
  p_program_zone text,
  p_closes_at timestamptz,
  p_expires_on date,
  p_days integer[],
  p_defaults jsonb,
  p_users integer[] DEFAULT NULL,
  p_zones text[] DEFAULT NULL
) RETURNS integer LANGUAGE plpgsql
-- Planned once for any arguments: the first calls' custom plans cost several times what the generic one does.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_users integer[];
  v_days integer[];
  v_texts text[];
  v_notes integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(7340050);
  WITH known AS MATERIALIZED (SELECT unnest(coalesce(p_zones, ARRAY(SELECT name FROM pg_timezone_names))) AS name),
  cand AS (
    SELECT u.id, u.points, z.zone, (p_at AT TIME ZONE z.zone) AS lt,
      coalesce(cs.local_hour, (p_defaults->>'localHour')::integer) AS local_hour
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN stores st ON st.id = u.store_id
    LEFT JOIN celebration_settings cs ON cs.store_id = u.store_id
    CROSS JOIN LATERAL (
      SELECT coalesce(
        (SELECT p.time_zone WHERE p.time_zone IN (SELECT name FROM known)),
        (SELECT st.time_zone WHERE st.time_zone IN (SELECT name FROM known)),
        (SELECT p_program_zone WHERE p_program_zone IN (SELECT name FROM known)),
        'UTC') AS zone) z
    WHERE u.active = 1 AND NOT u.is_store AND u.points > 0
      AND (p_users IS NULL OR u.id IN (SELECT unnest(p_users)))),
  due AS (
    SELECT c.id, c.points, (p_closes_at AT TIME ZONE c.zone)::date - c.lt::date AS days_before,
      ((p_closes_at - interval '1 millisecond') AT TIME ZONE c.zone)::date AS last_day
    FROM cand c
    WHERE extract(hour FROM c.lt) >= c.local_hour),
  written AS (
    INSERT INTO expiry_reminders AS r (user_id, expires_on, days_before, points, created_at)
    SELECT d.id, p_expires_on, d.days_before, d.points, p_at FROM due d
    WHERE d.days_before = ANY (p_days)
    ORDER BY d.id
    ON CONFLICT (user_id, expires_on, days_before) DO NOTHING
    RETURNING r.user_id, r.days_before, r.points)
  SELECT array_agg(w.user_id ORDER BY w.user_id), array_agg(w.days_before ORDER BY w.user_id),
    array_agg('Points expiring: ' || w.points || ' by ' || to_char(d.last_day, 'YYYY-MM-DD') ORDER BY w.user_id)
  INTO v_users, v_days, v_texts
  FROM written w JOIN due d ON d.id = w.user_id;

  IF v_users IS NULL THEN
    RETURN 0;
  END IF;
  v_notes := rs_notify(v_users, 'points', v_texts, ARRAY['/account'], p_at);
  UPDATE expiry_reminders r SET notification_id = x.note
  FROM unnest(v_users, v_days, v_notes) AS x(user_id, days_before, note)
  WHERE r.user_id = x.user_id AND r.expires_on = p_expires_on AND r.days_before = x.days_before;
  RETURN cardinality(v_users);
END
$$;

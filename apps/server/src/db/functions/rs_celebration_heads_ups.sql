-- A manager's heads-up of a coming celebration (docs/architecture.md A6.17, docs/decisions/0049-celebrations.md):
-- heads_up_days before a person's public birthday, work anniversary or first day (their store's setting,
-- celebration_settings, else p_defaults: DEFAULT_CELEBRATIONS of celebration-rules.ts; 0: never), their active
-- manager (users.manager_id) is told once, from the store's local hour on, on that local day of the manager's
-- own zone (position, else office, else p_program_zone): the day the celebration falls on is the manager's
-- today plus heads_up_days, with the person's 29 February rule. A person who chose private or none is not
-- announced to anyone. The notification names the person and the day ('Upcoming birthday: <name> on
-- YYYY-MM-DD', 'Upcoming anniversary <years>: ...', 'Upcoming welcome: ...'), which each reader words in
-- their language (notification-text.ts), and leads to the feed's give dialog for that person
-- (/feed?give=<id>). Once per person, kind and year of the celebration whatever the number of instances and
-- runs: the key celebration_heads_ups is inserted in the caller's transaction and only the rows that insert
-- are told (decision 0033), under the celebrations' advisory lock. Only people whose birthday or hire
-- month-day can fall heads_up_days ahead of some local today are read (the partial indexes on users).
-- p_users limits the run to those people; p_zones as in rs_celebrate. Answers how many heads-ups were sent.
CREATE OR REPLACE FUNCTION rs_celebration_heads_ups(
  p_at timestamptz,
  p_program_zone text,
  p_defaults jsonb,
  p_users integer[] DEFAULT NULL,
  p_zones text[] DEFAULT NULL
) RETURNS integer LANGUAGE plpgsql
-- Planned once for any arguments: the first calls' custom plans cost several times what the generic one does.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_day date := (p_at AT TIME ZONE 'UTC')::date;
  v_mds text[];
  v_users integer[];
  v_kinds text[];
  v_years integer[];
  v_managers integer[];
  v_texts text[];
  v_urls text[];
  v_notes integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(7340050);
  -- The month-days heads_up_days ahead of any local date on Earth, for every number of days a store uses.
  SELECT array_agg(DISTINCT to_char(v_day + h.n + o.o, 'MM-DD')) INTO v_mds
  FROM (SELECT DISTINCT cs.heads_up_days::integer AS n FROM celebration_settings cs WHERE cs.heads_up_days > 0
        UNION SELECT (p_defaults->>'headsUpDays')::integer) h
  CROSS JOIN (VALUES (-1), (0), (1)) AS o(o)
  WHERE h.n > 0;
  IF v_mds IS NULL THEN
    RETURN 0;
  END IF;
  IF v_mds && ARRAY['02-28', '03-01'] THEN
    v_mds := v_mds || '02-29'::text;
  END IF;

  WITH known AS MATERIALIZED (SELECT unnest(coalesce(p_zones, ARRAY(SELECT name FROM pg_timezone_names))) AS name),
  cand AS (
    SELECT u.id, u.birthday, u.hire_date, u.hire_month_day, m.id AS manager_id,
      btrim(u.name || ' ' || coalesce(u.last_name, '')) AS name,
      (p_at AT TIME ZONE z.zone) AS mlt,
      coalesce(cs.local_hour, (p_defaults->>'localHour')::integer) AS local_hour,
      coalesce(cs.heads_up_days, (p_defaults->>'headsUpDays')::integer) AS heads_up_days,
      coalesce(cs.feb29, p_defaults->>'feb29') AS feb29,
      coalesce(cs.default_birthday, p_defaults->'defaults'->>'birthday') AS default_birthday,
      coalesce(cs.default_anniversary, p_defaults->'defaults'->>'anniversary') AS default_anniversary,
      coalesce(cs.default_welcome, p_defaults->'defaults'->>'welcome') AS default_welcome
    FROM users u
    JOIN users m ON m.id = u.manager_id AND m.active = 1
    LEFT JOIN profiles mp ON mp.user_id = m.id
    LEFT JOIN stores ms ON ms.id = m.store_id
    LEFT JOIN celebration_settings cs ON cs.store_id = u.store_id
    CROSS JOIN LATERAL (
      SELECT coalesce(
        (SELECT mp.time_zone WHERE mp.time_zone IN (SELECT name FROM known)),
        (SELECT ms.time_zone WHERE ms.time_zone IN (SELECT name FROM known)),
        (SELECT p_program_zone WHERE p_program_zone IN (SELECT name FROM known)),
        'UTC') AS zone) z
    WHERE u.active = 1 AND NOT u.is_store AND u.manager_id IS NOT NULL
      AND (p_users IS NULL OR u.id IN (SELECT unnest(p_users)))
      AND (u.birthday = ANY (v_mds) OR (u.hire_date IS NOT NULL AND u.hire_month_day = ANY (v_mds)))),
  dated AS (
    SELECT c.*, t.t, extract(year FROM t.t)::integer AS y
    FROM cand c
    CROSS JOIN LATERAL (SELECT c.mlt::date + c.heads_up_days AS t) t
    WHERE c.heads_up_days > 0 AND extract(hour FROM c.mlt) >= c.local_hour),
  due AS (
    SELECT d.*, k.kind, k.years
    FROM dated d
    CROSS JOIN LATERAL (
      SELECT 'birthday'::text AS kind, NULL::integer AS years
      WHERE rs_celebrated_on(d.birthday, d.y, d.feb29) = d.t
      UNION ALL
      SELECT 'anniversary', d.y - extract(year FROM d.hire_date)::integer
      WHERE d.y > extract(year FROM d.hire_date)::integer
        AND rs_celebrated_on(d.hire_month_day, d.y, d.feb29) = d.t
      UNION ALL
      SELECT 'welcome', NULL WHERE d.hire_date = d.t) k),
  shown AS (
    SELECT d.* FROM due d
    LEFT JOIN celebration_choices cc ON cc.user_id = d.id AND cc.kind = d.kind
    WHERE coalesce(cc.choice, CASE d.kind WHEN 'birthday' THEN d.default_birthday
      WHEN 'anniversary' THEN d.default_anniversary ELSE d.default_welcome END) = 'public'),
  written AS (
    INSERT INTO celebration_heads_ups AS h (user_id, kind, year, manager_id, on_date, created_at)
    SELECT p.id, p.kind, p.y, p.manager_id, p.t, p_at FROM shown p ORDER BY p.id, p.kind
    ON CONFLICT (user_id, kind, year) DO NOTHING
    RETURNING h.user_id, h.kind, h.year, h.manager_id, h.on_date)
  SELECT array_agg(w.user_id ORDER BY w.user_id, w.kind), array_agg(w.kind ORDER BY w.user_id, w.kind),
    array_agg(w.year ORDER BY w.user_id, w.kind), array_agg(w.manager_id ORDER BY w.user_id, w.kind),
    array_agg('Upcoming ' || p.kind || coalesce(' ' || p.years, '') || ': ' || p.name || ' on ' || to_char(w.on_date, 'YYYY-MM-DD')
      ORDER BY w.user_id, w.kind),
    array_agg('/feed?give=' || w.user_id ORDER BY w.user_id, w.kind)
  INTO v_users, v_kinds, v_years, v_managers, v_texts, v_urls
  FROM written w JOIN shown p ON p.id = w.user_id AND p.kind = w.kind;

  IF v_users IS NULL THEN
    RETURN 0;
  END IF;
  v_notes := rs_notify(v_managers, 'celebration', v_texts, v_urls, p_at);
  UPDATE celebration_heads_ups h SET notification_id = x.note
  FROM unnest(v_users, v_kinds, v_years, v_notes) AS x(user_id, kind, year, note)
  WHERE h.user_id = x.user_id AND h.kind = x.kind AND h.year = x.year;
  RETURN cardinality(v_users);
END
$$;

-- People's celebrations (docs/architecture.md A6.17, docs/decisions/0049-celebrations.md): every birthday,
-- work anniversary and first day (welcome) that is due at p_at, each once. A person is due on the local day
-- of the celebration in their zone (their position's, else their office's stores.time_zone, else
-- p_program_zone; a name PostgreSQL does not know is skipped for the next one) from their store's local hour
-- on (celebration_settings, else p_defaults: DEFAULT_CELEBRATIONS of celebration-rules.ts, camelCase as
-- there); 29 February is the 28th or the 1st of March in a common year, by the store's rule. Only the
-- people whose birthday or hire month-day is one of the month-days that can be "today" somewhere on Earth
-- (the UTC date and the days around it) are read, by the two partial indexes on users. A person's choice
-- per kind (celebration_choices, else the store's default) decides: public = a feed item (a peer_recognitions
-- row of the celebration's kind, no giver, one recipient), the points and a notification; private = the
-- points and the notification; none = nothing at all. The points (the store's per kind, an anniversary's
-- milestone) are credited as `celebration` ledger rows through rs_post_points only while the program's
-- accrual is open (p_accrual_open, from the calendar's one reader, lib/calendar.ts); else the celebration
-- happens with 0 points and no ledger row. Never from anyone's giving allowance. A store whose settings
-- name a budget (celebration_settings.budget_id, A6.17 and A6.19) pays its celebrations' points from it: the
-- budget rows are locked in id order (after the advisory lock, before the balances: awards lock a budget and
-- then balances, so no cycle), a stale one moves to its period first (rs_budget_reload, on the program's
-- local day), its celebrations are covered in id order while their running sum fits in what it has
-- available, that sum is spent through rs_budget_move (kind 'spent', no award, no actor), and the ones it
-- cannot cover (all of them when the budget has been closed since) happen with 0 points and no ledger row.
-- Exactly once per person, kind and local year whatever the number of instances and runs (decision 0033):
-- the key celebrations_once is inserted in the caller's transaction and only the rows that insert are acted
-- on; the advisory lock 7340050 (taken before the balances' lock) makes instances queue instead of
-- contending. A run after the hour on the same local day catches up; a run on the next day finds another
-- day and posts nothing. p_users limits the run to those people; p_zones, when given, are the zone names
-- PostgreSQL knows (pg_timezone_names, which the caller reads once: reading it costs more than a run).
-- Answers the new celebrations, their points and the feed item of each public one, which the caller
-- announces to the live feed after its commit.
CREATE OR REPLACE FUNCTION rs_celebrate(
  p_at timestamptz,
  p_program_zone text,
  p_accrual_open boolean,
  p_defaults jsonb,
  p_users integer[] DEFAULT NULL,
  p_zones text[] DEFAULT NULL
) RETURNS TABLE (celebration_id integer, user_id integer, kind text, points integer, recognition_id integer) LANGUAGE plpgsql
-- Planned once for any arguments: the first calls' custom plans cost several times what the generic one does.
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_day date := (p_at AT TIME ZONE 'UTC')::date;
  v_mds text[];
  v_ids integer[];
  v_group record;
  v_credited_users integer[];
  v_credited_txs integer[];
  v_users integer[];
  v_texts text[];
  v_urls text[];
  v_notes integer[];
  v_program_zone text;
  v_today date;
  v_funded integer[];
  v_funders integer[];
  v_stale integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(7340050);
  -- Local dates on Earth lie within a day of the UTC date (UTC-12 to UTC+14); 29 February people may be
  -- celebrated on the 28th or the 1st of March.
  v_mds := ARRAY[to_char(v_day - 1, 'MM-DD'), to_char(v_day, 'MM-DD'), to_char(v_day + 1, 'MM-DD')];
  IF v_mds && ARRAY['02-28', '03-01'] THEN
    v_mds := v_mds || '02-29'::text;
  END IF;

  -- The program's zone, or UTC when PostgreSQL does not know it: the last zone of everyone's chain, and the
  -- zone of a budget's day.
  v_program_zone := coalesce(
    (SELECT p_program_zone WHERE p_program_zone = ANY (coalesce(p_zones, ARRAY(SELECT name FROM pg_timezone_names)))),
    'UTC');

  WITH known AS MATERIALIZED (SELECT unnest(coalesce(p_zones, ARRAY(SELECT name FROM pg_timezone_names))) AS name),
  cand AS (
    SELECT u.id, u.store_id, u.birthday, u.hire_date, u.hire_month_day, u.points AS balance, z.zone,
      (p_at AT TIME ZONE z.zone) AS lt,
      coalesce(cs.local_hour, (p_defaults->>'localHour')::integer) AS local_hour,
      coalesce(cs.feb29, p_defaults->>'feb29') AS feb29,
      coalesce(cs.birthday_points, (p_defaults->>'birthdayPoints')::integer) AS birthday_points,
      coalesce(cs.anniversary_points, (p_defaults->>'anniversaryPoints')::integer) AS anniversary_points,
      coalesce(cs.welcome_points, (p_defaults->>'welcomePoints')::integer) AS welcome_points,
      coalesce(cs.milestones, p_defaults->'milestones') AS milestones,
      coalesce(cs.default_birthday, p_defaults->'defaults'->>'birthday') AS default_birthday,
      coalesce(cs.default_anniversary, p_defaults->'defaults'->>'anniversary') AS default_anniversary,
      coalesce(cs.default_welcome, p_defaults->'defaults'->>'welcome') AS default_welcome
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN stores st ON st.id = u.store_id
    LEFT JOIN celebration_settings cs ON cs.store_id = u.store_id
    CROSS JOIN LATERAL (
      SELECT coalesce(
        (SELECT p.time_zone WHERE p.time_zone IN (SELECT name FROM known)),
        (SELECT st.time_zone WHERE st.time_zone IN (SELECT name FROM known)),
        v_program_zone) AS zone) z
    WHERE u.active = 1 AND NOT u.is_store
      AND (p_users IS NULL OR u.id IN (SELECT unnest(p_users)))
      AND (u.birthday = ANY (v_mds) OR (u.hire_date IS NOT NULL AND u.hire_month_day = ANY (v_mds)))),
  dated AS (
    SELECT c.*, extract(year FROM c.lt)::integer AS y, c.lt::date AS today
    FROM cand c
    WHERE extract(hour FROM c.lt) >= c.local_hour),
  due AS (
    SELECT d.*, k.kind, k.years
    FROM dated d
    CROSS JOIN LATERAL (
      SELECT 'birthday'::text AS kind, NULL::integer AS years
      WHERE rs_celebrated_on(d.birthday, d.y, d.feb29) = d.today
      UNION ALL
      SELECT 'anniversary', d.y - extract(year FROM d.hire_date)::integer
      WHERE d.y > extract(year FROM d.hire_date)::integer
        AND rs_celebrated_on(d.hire_month_day, d.y, d.feb29) = d.today
      UNION ALL
      SELECT 'welcome', NULL WHERE d.hire_date = d.today) k),
  chosen AS (
    SELECT d.*,
      coalesce(cc.choice, CASE d.kind WHEN 'birthday' THEN d.default_birthday
        WHEN 'anniversary' THEN d.default_anniversary ELSE d.default_welcome END) AS choice,
      CASE d.kind WHEN 'birthday' THEN d.birthday_points WHEN 'welcome' THEN d.welcome_points
        ELSE coalesce((d.milestones->>d.years::text)::integer, d.anniversary_points) END AS planned
    FROM due d
    LEFT JOIN celebration_choices cc ON cc.user_id = d.id AND cc.kind = d.kind),
  written AS (
    INSERT INTO celebrations AS ce (user_id, kind, year, on_date, years, choice, points, store_id, time_zone, created_at)
    SELECT c.id, c.kind, c.y, c.today, c.years, c.choice,
      -- A balance is never taken past int32 (rs_post_points would refuse the whole run): that person gets 0.
      CASE WHEN p_accrual_open AND c.planned > 0 AND c.balance <= 2147483647 - c.planned THEN c.planned ELSE 0 END,
      c.store_id, c.zone, p_at
    FROM chosen c
    WHERE c.choice IN ('public', 'private')
    ORDER BY c.id, c.kind
    ON CONFLICT (user_id, kind, year) DO NOTHING
    RETURNING ce.id)
  SELECT array_agg(w.id ORDER BY w.id) INTO v_ids FROM written w;

  IF v_ids IS NULL THEN
    RETURN;
  END IF;

  -- Budgets (A6.19): which celebrations with points each budget pays, read once (a settings change while
  -- this runs does not split a celebration between two budgets).
  SELECT array_agg(c.id ORDER BY c.id), array_agg(cs.budget_id ORDER BY c.id) INTO v_funded, v_funders
  FROM celebrations c
  JOIN celebration_settings cs ON cs.store_id = c.store_id
  WHERE c.id = ANY (v_ids) AND c.points > 0 AND cs.budget_id IS NOT NULL;
  IF v_funded IS NOT NULL THEN
    PERFORM 1 FROM budgets b WHERE b.id = ANY (v_funders) ORDER BY b.id FOR UPDATE OF b;
    v_today := (p_at AT TIME ZONE v_program_zone)::date;
    SELECT array_agg(b.id ORDER BY b.id) INTO v_stale FROM budgets b
    WHERE b.id = ANY (v_funders) AND b.closed_at IS NULL AND b.period <> 'none'
      AND b.period_start < date_trunc(b.period, v_today::timestamp)::date;
    IF v_stale IS NOT NULL THEN
      PERFORM rs_budget_reload(v_today, v_stale, p_at);
    END IF;
    WITH funded AS (
      SELECT x.id, x.budget_id, b.available, b.closed_at,
        sum(c.points::bigint) OVER (PARTITION BY x.budget_id ORDER BY x.id) AS running
      FROM unnest(v_funded, v_funders) AS x(id, budget_id)
      JOIN celebrations c ON c.id = x.id
      JOIN budgets b ON b.id = x.budget_id)
    UPDATE celebrations c SET points = 0
    FROM funded f
    WHERE c.id = f.id AND (f.closed_at IS NOT NULL OR f.running > f.available);
    PERFORM rs_budget_move(s.budget_id, 'spent', -s.total, 0, NULL, NULL, p_at)
    FROM (
      SELECT x.budget_id, sum(c.points)::integer AS total
      FROM unnest(v_funded, v_funders) AS x(id, budget_id)
      JOIN celebrations c ON c.id = x.id
      WHERE c.points > 0
      GROUP BY x.budget_id ORDER BY x.budget_id) s;
  END IF;

  -- Public: the feed item, with its one recipient.
  WITH pub AS MATERIALIZED (
    SELECT c.id, c.user_id, c.kind, c.years, c.points, c.on_date, c.store_id,
      nextval(pg_get_serial_sequence('peer_recognitions', 'id'))::integer AS rid
    FROM (SELECT * FROM celebrations c WHERE c.id = ANY (v_ids) AND c.choice = 'public' ORDER BY c.id) c),
  item AS (
    INSERT INTO peer_recognitions (id, giver_id, store_id, points, message, private, period_start, kind, celebration_years, created_at)
    SELECT pub.rid, NULL, pub.store_id, pub.points, '', false, pub.on_date, pub.kind, pub.years, p_at FROM pub ORDER BY pub.rid),
  recipient AS (
    INSERT INTO peer_recognition_recipients (recognition_id, user_id, store_id)
    SELECT pub.rid, pub.user_id, pub.store_id FROM pub)
  UPDATE celebrations c SET recognition_id = pub.rid FROM pub WHERE c.id = pub.id;

  -- The points: one ledger posting per kind and years (each receiver once in it), the company's.
  FOR v_group IN
    SELECT c.kind, c.years, array_agg(c.user_id ORDER BY c.user_id) AS users, array_agg(c.points ORDER BY c.user_id) AS points
    FROM celebrations c WHERE c.id = ANY (v_ids) AND c.points > 0
    GROUP BY c.kind, c.years ORDER BY c.kind, c.years
  LOOP
    SELECT array_agg(r.user_id), array_agg(r.transaction_id) INTO v_credited_users, v_credited_txs
    FROM rs_post_points(v_group.users, v_group.points, 'celebration',
      'Celebration: ' || v_group.kind || coalesce(' (' || v_group.years || ')', ''), 'celebration',
      jsonb_build_object('kind', v_group.kind, 'years', v_group.years), 'celebration', NULL, NULL, p_at) r;
    UPDATE celebrations c SET transaction_id = x.tx
    FROM unnest(v_credited_users, v_credited_txs) AS x(user_id, tx)
    WHERE c.id = ANY (v_ids) AND c.kind = v_group.kind AND c.user_id = x.user_id;
  END LOOP;

  -- One notification each, worded by the reader's language (notification-text.ts): 'Celebration: <kind>[ <years>]|<points>'.
  SELECT array_agg(c.user_id ORDER BY c.id),
    array_agg('Celebration: ' || c.kind || coalesce(' ' || c.years, '') || '|' || c.points ORDER BY c.id),
    array_agg(CASE WHEN c.recognition_id IS NULL THEN '/account' ELSE '/recognition/' || c.recognition_id END ORDER BY c.id)
  INTO v_users, v_texts, v_urls
  FROM celebrations c WHERE c.id = ANY (v_ids);
  v_notes := rs_notify(v_users, 'celebration', v_texts, v_urls, p_at);
  UPDATE celebrations c SET notification_id = x.note
  FROM unnest(v_ids, v_notes) AS x(id, note)
  WHERE c.id = x.id;

  RETURN QUERY SELECT c.id, c.user_id, c.kind, c.points, c.recognition_id FROM celebrations c WHERE c.id = ANY (v_ids) ORDER BY c.id;
END
$$;

-- Once per activity (issue 15, docs/decisions/0036-once-per-activity.md): a recognition may be limited to
-- once per activity (frequency_period 'activity', frequency_limit 1, activity_kind class/trivia/webinar/
-- activity) instead of a count per period. Each load of such a recognition names its activity (title and
-- date; the title compared without case, accents or repeated spaces: activity_key, made by activityKey in
-- packages/shared/src/loads.ts) and a person receives the recognition once per activity: rs_classify_load
-- refuses a second time with FREQUENCY_LIMIT (naming the load that credited it), under the confirm's
-- advisory lock as the period limits are, and the unique index load_entries_activity_uq makes a second
-- credit impossible whatever writes it.
ALTER TABLE "rewards" ADD COLUMN "activity_kind" text;--> statement-breakpoint
ALTER TABLE "load_entries" ADD COLUMN "activity_date" date;--> statement-breakpoint
ALTER TABLE "load_entries" ADD COLUMN "activity_key" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "activity_title" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "activity_date" date;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "activity_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "load_entries_activity_uq" ON "load_entries" USING btree ("reward_id","activity_date","activity_key","user_id") WHERE "load_entries"."activity_key" is not null;--> statement-breakpoint
-- The program's class, trivia and webinar recognitions were stored as "1 per day" for want of this kind.
UPDATE "rewards" SET "frequency_period" = 'activity', "frequency_limit" = 1, "activity_kind" = "code"
WHERE "code" IN ('class', 'trivia', 'webinar') AND "frequency_period" = 'day';--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_once_per_activity" CHECK (("rewards"."frequency_period" = 'activity') = ("rewards"."activity_kind" is not null) and ("rewards"."frequency_period" <> 'activity' or "rewards"."frequency_limit" = 1));--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_activity_complete" CHECK (("loads"."activity_title" is null) = ("loads"."activity_date" is null) and ("loads"."activity_title" is null) = ("loads"."activity_key" is null));--> statement-breakpoint

-- The review's database checks (migration 0011), now also for an activity: with p_activity_key, an earlier
-- entry of this recognition for this person with the same date and key is FREQUENCY_LIMIT (prior_load:
-- the load that credited it); without it, the period count as before. Each branch runs only when its
-- one-time filter holds, so a period recognition's review plans as it did.
DROP FUNCTION IF EXISTS rs_classify_load(integer, integer, timestamptz, text[]);--> statement-breakpoint
CREATE FUNCTION rs_classify_load(
  p_store integer, p_reward integer, p_since timestamptz, p_emails text[], p_activity_date date DEFAULT NULL, p_activity_key text DEFAULT NULL)
RETURNS TABLE (n integer, email text, user_id integer, name text, reason text, prior_load integer)
LANGUAGE sql STABLE AS $$
  WITH input AS (SELECT i.email, i.n::integer AS n FROM unnest(p_emails) WITH ORDINALITY AS i(email, n)),
  matched AS (
    SELECT i.n, i.email, u.id, u.name, u.last_name, u.active, u.store_id
    FROM input i LEFT JOIN users u ON lower(u.email) = i.email),
  given AS (
    SELECT le.user_id, count(*) AS times, NULL::integer AS prior_load FROM load_entries le
    WHERE p_activity_key IS NULL AND le.reward_id = p_reward AND le.created_at >= p_since
      AND le.user_id IN (SELECT m.id FROM matched m WHERE m.id IS NOT NULL)
    GROUP BY le.user_id
    UNION ALL
    SELECT le.user_id, count(*), min(le.load_id) FROM load_entries le
    WHERE p_activity_key IS NOT NULL AND le.reward_id = p_reward AND le.activity_date = p_activity_date
      AND le.activity_key = p_activity_key
      AND le.user_id IN (SELECT m.id FROM matched m WHERE m.id IS NOT NULL)
    GROUP BY le.user_id),
  classified AS (
    SELECT m.n, m.email, m.id, concat_ws(' ', m.name, m.last_name) AS name, g.prior_load,
      CASE WHEN m.id IS NULL THEN 'UNKNOWN_USER'
           WHEN m.active <> 1 THEN 'USER_INACTIVE'
           WHEN m.store_id IS DISTINCT FROM p_store THEN 'OTHER_STORE'
           WHEN coalesce(g.times, 0) >= (SELECT r.frequency_limit FROM rewards r WHERE r.id = p_reward) THEN 'FREQUENCY_LIMIT'
      END AS reason
    FROM matched m LEFT JOIN given g ON g.user_id = m.id)
  SELECT c.n, c.email, c.id, c.name, c.reason, CASE WHEN c.reason = 'FREQUENCY_LIMIT' THEN c.prior_load END
  FROM classified c
  ORDER BY c.n
$$;
--> statement-breakpoint

-- The confirm (migration 0011) with the activity: a once-per-activity recognition needs one
-- (LOAD_ACTIVITY_REQUIRED), any other refuses one (LOAD_ACTIVITY_UNEXPECTED), both checked on the row read
-- under the lock; the load keeps the activity, each entry its date and key (load_entries_activity_uq),
-- and the ledger's description names it. Everything else is as in 0011.
DROP FUNCTION IF EXISTS rs_credit_load(integer, integer, integer, text, integer, text, text, timestamptz, timestamptz, boolean, text[], text[], text[]);--> statement-breakpoint
CREATE FUNCTION rs_credit_load(
  p_store integer,
  p_reward integer,
  p_points integer,
  p_reason text,
  p_actor integer,
  p_key text,
  p_hash text,
  p_since timestamptz,
  p_now timestamptz,
  p_accrual_open boolean,
  p_emails text[],
  p_refused text[],
  p_refused_reasons text[],
  p_activity_title text DEFAULT NULL,
  p_activity_date date DEFAULT NULL,
  p_activity_key text DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql SET jit = off SET work_mem = '64MB' AS $$
DECLARE
  v_prior record;
  v_reward record;
  v_load integer;
  v_users integer[];
  v_emails text[];
  v_bad_emails text[];
  v_bad_reasons text[];
  v_count integer;
  v_moved integer;
  v_description text;
  v_activity jsonb := '{}';
BEGIN
  PERFORM pg_advisory_xact_lock(7340005); -- 7340001 is the bootstrap of the first super administrator
  IF p_key IS NOT NULL THEN
    SELECT l.id, l.request_hash INTO v_prior FROM loads l WHERE l.created_by = p_actor AND l.idempotency_key = p_key;
    IF FOUND THEN
      IF v_prior.request_hash IS DISTINCT FROM p_hash THEN
        RAISE EXCEPTION 'IDEMPOTENCY_KEY_REUSED' USING DETAIL = jsonb_build_object('loadId', v_prior.id)::text;
      END IF;
      RETURN jsonb_build_object('id', v_prior.id, 'replayed', true);
    END IF;
  END IF;
  IF NOT p_accrual_open THEN
    RAISE EXCEPTION 'ACCRUAL_CLOSED' USING DETAIL = '{}';
  END IF;
  SELECT r.id, r.store_id, r.active, r.name, r.frequency_period INTO v_reward FROM rewards r WHERE r.id = p_reward;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;
  IF v_reward.store_id <> p_store THEN
    RAISE EXCEPTION 'REWARD_OTHER_STORE' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;
  IF NOT v_reward.active THEN
    RAISE EXCEPTION 'REWARD_INACTIVE' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;
  IF v_reward.frequency_period = 'activity' THEN
    IF p_activity_title IS NULL OR p_activity_date IS NULL OR p_activity_key IS NULL THEN
      RAISE EXCEPTION 'LOAD_ACTIVITY_REQUIRED' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
    END IF;
    v_activity := jsonb_build_object('activity', jsonb_build_object('title', p_activity_title, 'date', p_activity_date));
  ELSIF p_activity_title IS NOT NULL OR p_activity_date IS NOT NULL OR p_activity_key IS NOT NULL THEN
    RAISE EXCEPTION 'LOAD_ACTIVITY_UNEXPECTED' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;

  SELECT array_agg(c.user_id ORDER BY c.user_id) FILTER (WHERE c.reason IS NULL),
         array_agg(c.email ORDER BY c.user_id) FILTER (WHERE c.reason IS NULL),
         array_agg(c.email ORDER BY c.n) FILTER (WHERE c.reason IS NOT NULL),
         array_agg(c.reason ORDER BY c.n) FILTER (WHERE c.reason IS NOT NULL)
  INTO v_users, v_emails, v_bad_emails, v_bad_reasons
  FROM rs_classify_load(p_store, p_reward, p_since, p_emails, p_activity_date, p_activity_key) c;
  v_count := coalesce(array_length(v_users, 1), 0);
  IF v_count = 0 THEN
    RAISE EXCEPTION 'LOAD_NOTHING_TO_CREDIT' USING DETAIL = (jsonb_build_object('refused',
      coalesce(array_length(p_refused, 1), 0) + coalesce(array_length(v_bad_emails, 1), 0)) || v_activity)::text;
  END IF;

  v_description := v_reward.name || CASE WHEN p_activity_title IS NULL THEN '' ELSE ' (' || p_activity_title || ')' END || ': ' || p_reason;
  INSERT INTO loads (store_id, reward_id, reason, points, idempotency_key, request_hash, created_by, sender_store_id, created_at,
    activity_title, activity_date, activity_key)
  VALUES (p_store, p_reward, p_reason, p_points, p_key, p_hash, p_actor, (SELECT u.store_id FROM users u WHERE u.id = p_actor), p_now,
    p_activity_title, p_activity_date, p_activity_key)
  RETURNING id INTO v_load;

  UPDATE users u SET points = u.points + p_points, updated_at = p_now
  FROM unnest(v_users) AS r(id)
  WHERE u.id = r.id AND u.points <= 2147483647 - p_points;
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  IF v_moved <> v_count THEN
    RAISE EXCEPTION 'AMOUNT_TOO_LARGE' USING DETAIL = jsonb_build_object('emails', (
      SELECT jsonb_agg(x.email) FROM (SELECT u.email FROM users u JOIN unnest(v_users) AS r(id) ON r.id = u.id
        WHERE u.points > 2147483647 - p_points ORDER BY u.id LIMIT 20) x))::text;
  END IF;

  WITH r AS MATERIALIZED (
    SELECT x.id, x.email, nextval('point_transactions_id_seq')::integer AS tx
    FROM unnest(v_users, v_emails) AS x(id, email)),
  credit AS (
    INSERT INTO point_transactions (id, user_id, value, kind, description, ref_type, ref_id, created_at)
    SELECT r.tx, r.id, p_points, 'load', v_description, 'load', v_load, p_now FROM r)
  INSERT INTO load_entries (load_id, user_id, reward_id, email, points, receiver_store_id, transaction_id, created_at, activity_date, activity_key)
  SELECT v_load, r.id, p_reward, r.email, p_points, p_store, r.tx, p_now, p_activity_date, p_activity_key FROM r;

  INSERT INTO notifications (user_id, item_type, description, url, created_at)
  SELECT r.id, 'points', v_description, '/account', p_now FROM unnest(v_users) AS r(id);

  INSERT INTO load_rejections (load_id, email, reason)
  SELECT v_load, b.email, b.reason
  FROM unnest(coalesce(p_refused, '{}') || coalesce(v_bad_emails, '{}'), coalesce(p_refused_reasons, '{}') || coalesce(v_bad_reasons, '{}')) AS b(email, reason);

  UPDATE loads SET receivers = v_count,
    rejected = coalesce(array_length(p_refused, 1), 0) + coalesce(array_length(v_bad_emails, 1), 0),
    total_points = v_count::bigint * p_points
  WHERE id = v_load;
  RETURN jsonb_build_object('id', v_load, 'replayed', false);
END
$$;

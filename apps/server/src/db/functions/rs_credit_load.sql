-- The confirm of a bulk load, in one statement (docs/architecture.md A6.7, A6.3;
-- docs/decisions/0005-bulk-loads.md, 0036-once-per-activity.md).
-- Under one advisory lock (one load at a time, so limits and the Idempotency-Key are checked and written
-- with nobody in between) it replays or refuses a known key, checks the accrual window, the recognition
-- (found, of the store, active; a once-per-activity recognition needs its activity,
-- LOAD_ACTIVITY_REQUIRED, any other refuses one, LOAD_ACTIVITY_UNEXPECTED) and the review again
-- (rs_classify_load), then writes the load row; every balance, its `load` ledger row and a `points`
-- notification through rs_post_points (never past int32: AMOUNT_TOO_LARGE refuses the whole load); one
-- consolidated load_entries row per receiver (with the activity's date and key); and the refused e-mails with
-- their reasons (p_refused: those the server refused before the database). Nothing to credit is
-- LOAD_NOTHING_TO_CREDIT. Errors are P0001 with the API error code as message and details as JSON in
-- DETAIL. Called by creditLoad (modules/loads/loads.service.ts), for the API and the demo seed.
-- The reason is written in Spanish (p_reason), English (p_reason_en) or both, like the recognition's name
-- (docs/architecture.md A6.15): each ledger row says `load` with both (each reader's statement words it in
-- their language) and the notification carries the text in both languages, each side in the other
-- language where one was not written.
CREATE OR REPLACE FUNCTION rs_credit_load(
  p_store integer,
  p_reward integer,
  p_points integer,
  p_reason text,
  p_reason_en text,
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
  v_description text;
  v_description_en text;
  v_activity jsonb := '{}';
BEGIN
  PERFORM rs_lock_balances();
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
  SELECT r.id, r.store_id, r.active, r.name, r.name_en, r.frequency_period INTO v_reward FROM rewards r WHERE r.id = p_reward;
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

  -- The text in each language, a side not written taken from the other (as `localize` reads it).
  v_description := coalesce(nullif(btrim(v_reward.name), ''), v_reward.name_en)
    || CASE WHEN p_activity_title IS NULL THEN '' ELSE ' (' || p_activity_title || ')' END
    || ': ' || coalesce(nullif(btrim(p_reason), ''), p_reason_en);
  v_description_en := coalesce(nullif(btrim(v_reward.name_en), ''), v_reward.name)
    || CASE WHEN p_activity_title IS NULL THEN '' ELSE ' (' || p_activity_title || ')' END
    || ': ' || coalesce(nullif(btrim(p_reason_en), ''), p_reason);
  INSERT INTO loads (store_id, reward_id, reason, reason_en, points, idempotency_key, request_hash, created_by, sender_store_id, created_at,
    activity_title, activity_date, activity_key)
  VALUES (p_store, p_reward, p_reason, p_reason_en, p_points, p_key, p_hash, p_actor, (SELECT u.store_id FROM users u WHERE u.id = p_actor), p_now,
    p_activity_title, p_activity_date, p_activity_key)
  RETURNING id INTO v_load;

  -- A balance the credit would take past int32 refuses the whole load, naming the e-mails (before any write).
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = ANY (v_users) AND u.points > 2147483647 - p_points) THEN
    RAISE EXCEPTION 'AMOUNT_TOO_LARGE' USING DETAIL = jsonb_build_object('emails', (
      SELECT jsonb_agg(x.email) FROM (SELECT u.email FROM users u JOIN unnest(v_users) AS r(id) ON r.id = u.id
        WHERE u.points > 2147483647 - p_points ORDER BY u.id LIMIT 20) x))::text;
  END IF;

  -- Balances, ledger rows and `points` notifications through the ledger's one writer; then one
  -- consolidated row per receiver, pointing at its ledger row. The ledger rows leave created_by empty: the
  -- sender is on the load row they name (ref 'load'), and a foreign key checked on each of 100,000 rows
  -- costs about half a second (bench/results/0005-bulk-loads.md).
  WITH posted AS MATERIALIZED (
    SELECT c.user_id, c.transaction_id
    FROM rs_post_points(v_users, ARRAY[p_points], 'load', v_description, 'load',
      jsonb_build_object('reward', jsonb_build_object('es', v_reward.name, 'en', v_reward.name_en), 'activity', p_activity_title,
        'reason', jsonb_build_object('es', p_reason, 'en', p_reason_en)),
      'load', v_load, NULL, p_now,
      'points', jsonb_build_object('es', v_description, 'en', v_description_en)::text, '/account') c)
  INSERT INTO load_entries (load_id, user_id, reward_id, email, points, receiver_store_id, transaction_id, created_at, activity_date, activity_key)
  SELECT v_load, r.id, p_reward, r.email, p_points, p_store, posted.transaction_id, p_now, p_activity_date, p_activity_key
  FROM unnest(v_users, v_emails) AS r(id, email)
  JOIN posted ON posted.user_id = r.id
  ORDER BY r.id;

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

-- Bulk loads in the database (docs/decisions/0005-bulk-loads.md): the review's database checks, and the
-- confirm, which credits up to 100,000 receivers in one statement with set-based writes.

-- The review's checks that need the database, for e-mails already trimmed, lower-cased, well-formed and
-- distinct (screenEmails in packages/shared/src/loads.ts checks those): UNKNOWN_USER, USER_INACTIVE,
-- OTHER_STORE (the user's office is not the load's store) and FREQUENCY_LIMIT (earlier loads gave the
-- user this recognition frequency_limit times since p_since, the start of its current period). One row
-- per e-mail in the order given (n from 1); a null reason means the e-mail is correct.
CREATE OR REPLACE FUNCTION rs_classify_load(p_store integer, p_reward integer, p_since timestamptz, p_emails text[])
RETURNS TABLE (n integer, email text, user_id integer, name text, reason text)
LANGUAGE sql STABLE AS $$
  WITH input AS (SELECT i.email, i.n::integer AS n FROM unnest(p_emails) WITH ORDINALITY AS i(email, n)),
  matched AS (
    SELECT i.n, i.email, u.id, u.name, u.last_name, u.active, u.store_id
    FROM input i LEFT JOIN users u ON lower(u.email) = i.email),
  given AS (
    SELECT le.user_id, count(*) AS times FROM load_entries le
    WHERE le.reward_id = p_reward AND le.created_at >= p_since
      AND le.user_id IN (SELECT m.id FROM matched m WHERE m.id IS NOT NULL)
    GROUP BY le.user_id)
  SELECT m.n, m.email, m.id, concat_ws(' ', m.name, m.last_name),
    CASE WHEN m.id IS NULL THEN 'UNKNOWN_USER'
         WHEN m.active <> 1 THEN 'USER_INACTIVE'
         WHEN m.store_id IS DISTINCT FROM p_store THEN 'OTHER_STORE'
         WHEN coalesce(g.times, 0) >= (SELECT r.frequency_limit FROM rewards r WHERE r.id = p_reward) THEN 'FREQUENCY_LIMIT'
    END
  FROM matched m LEFT JOIN given g ON g.user_id = m.id
  ORDER BY m.n
$$;
--> statement-breakpoint

-- Confirms a load (POST /api/loads/), all or nothing. Under one advisory lock (one load at a time, so the
-- frequency limits and the Idempotency-Key are checked and written with nobody in between): a known
-- Idempotency-Key replays its load when the request's fingerprint matches and raises
-- IDEMPOTENCY_KEY_REUSED when it does not; then the accrual window (ACCRUAL_CLOSED), the recognition
-- (NOT_FOUND, REWARD_OTHER_STORE, REWARD_INACTIVE), the review again (rs_classify_load) and at least one
-- correct e-mail (LOAD_NOTHING_TO_CREDIT). Then, set-based: the group row; every receiver's balance in one
-- conditional UPDATE (never past int32: AMOUNT_TOO_LARGE) and, with it, one `load` ledger row each, so
-- users.points = SUM(point_transactions.value) as through postPoints; one consolidated row and one
-- notification per receiver; the refused e-mails (p_refused: those screened out before, format and
-- duplicates, with p_refused_reasons) with their reasons. Ledger rows carry no created_by: the sender is
-- the load's (ref_type 'load', ref_id), and checking that key 100,000 times bought nothing. The balances
-- go first: their rows are then new versions of this transaction, which the ledger's and the
-- notifications' key checks lock without building multixacts. A broken rule raises P0001 with the API's
-- error code as message and its details as JSON in DETAIL (lib/database-rules.ts).
CREATE OR REPLACE FUNCTION rs_credit_load(
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
  p_refused_reasons text[]
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
  SELECT r.id, r.store_id, r.active, r.name INTO v_reward FROM rewards r WHERE r.id = p_reward;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;
  IF v_reward.store_id <> p_store THEN
    RAISE EXCEPTION 'REWARD_OTHER_STORE' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;
  IF NOT v_reward.active THEN
    RAISE EXCEPTION 'REWARD_INACTIVE' USING DETAIL = jsonb_build_object('rewardId', p_reward)::text;
  END IF;

  SELECT array_agg(c.user_id ORDER BY c.user_id) FILTER (WHERE c.reason IS NULL),
         array_agg(c.email ORDER BY c.user_id) FILTER (WHERE c.reason IS NULL),
         array_agg(c.email ORDER BY c.n) FILTER (WHERE c.reason IS NOT NULL),
         array_agg(c.reason ORDER BY c.n) FILTER (WHERE c.reason IS NOT NULL)
  INTO v_users, v_emails, v_bad_emails, v_bad_reasons
  FROM rs_classify_load(p_store, p_reward, p_since, p_emails) c;
  v_count := coalesce(array_length(v_users, 1), 0);
  IF v_count = 0 THEN
    RAISE EXCEPTION 'LOAD_NOTHING_TO_CREDIT' USING DETAIL = jsonb_build_object('refused',
      coalesce(array_length(p_refused, 1), 0) + coalesce(array_length(v_bad_emails, 1), 0))::text;
  END IF;

  v_description := v_reward.name || ': ' || p_reason;
  INSERT INTO loads (store_id, reward_id, reason, points, idempotency_key, request_hash, created_by, sender_store_id, created_at)
  VALUES (p_store, p_reward, p_reason, p_points, p_key, p_hash, p_actor, (SELECT u.store_id FROM users u WHERE u.id = p_actor), p_now)
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
  INSERT INTO load_entries (load_id, user_id, reward_id, email, points, receiver_store_id, transaction_id, created_at)
  SELECT v_load, r.id, p_reward, r.email, p_points, p_store, r.tx, p_now FROM r;

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

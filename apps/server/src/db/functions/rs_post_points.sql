-- The one writer of the points ledger (docs/architecture.md A6.3): every way points enter or leave a
-- balance (loads, challenge awards, adjustments, orders and their edits, refunds, expiry, the demo data)
-- goes through it, from TypeScript through postPoints (modules/points/points.service.ts) or from another
-- SQL function (rs_credit_load, rs_place_order). For each receiver, in one statement: the balance moves by
-- its value with a conditional UPDATE (a debit never below 0: NOT_ENOUGH_POINTS; a credit never past
-- int32: AMOUNT_TOO_LARGE; an unknown user: NOT_FOUND), and its ledger row is written with the same value,
-- so users.points = SUM(point_transactions.value) always; then, when p_notify_type is given, one
-- notification per receiver through rs_notify (and with it the outbox copy). Any refusal raises P0001 with
-- the API error code as message and details as JSON in DETAIL, and the statement leaves nothing behind.
-- Every row says what it is as a key and its values (p_description_key, p_description_values; the
-- `MovementText` of packages/shared/src/movement-text.ts), which each reader words in their language
-- (docs/architecture.md A6.15); p_description is the row's readable text beside them.
-- p_users are distinct; p_values hold one non-zero value per receiver or one for all. Several balances
-- at once take the lock of multi-balance writes first (rs_lock_balances). Answers each receiver's ledger
-- row and new balance.
CREATE OR REPLACE FUNCTION rs_post_points(
  p_users integer[],
  p_values integer[],
  p_kind text,
  p_description text,
  p_description_key text,
  p_description_values jsonb,
  p_ref_type text,
  p_ref_id integer,
  p_actor integer,
  p_at timestamptz,
  p_notify_type text DEFAULT NULL,
  p_notify_description text DEFAULT NULL,
  p_notify_url text DEFAULT NULL
) RETURNS TABLE (user_id integer, transaction_id integer, balance integer) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count integer := coalesce(cardinality(p_users), 0);
  v_ids integer[];
  v_txs integer[];
  v_balances integer[];
  v_bad record;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  IF cardinality(p_values) NOT IN (1, v_count) OR 0 = ANY (p_values) OR array_position(p_values, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'rs_post_points: one non-zero value for every receiver, or one for all';
  END IF;
  IF p_description_key IS NULL OR jsonb_typeof(p_description_values) IS DISTINCT FROM 'object' THEN
    RAISE EXCEPTION 'rs_post_points: every ledger row has a description key and an object of values';
  END IF;
  IF v_count > 1 THEN
    PERFORM rs_lock_balances();
  END IF;

  WITH input AS MATERIALIZED (
    SELECT x.id, CASE WHEN cardinality(p_values) = 1 THEN p_values[1] ELSE p_values[x.n] END AS value
    FROM unnest(p_users) WITH ORDINALITY AS x(id, n)),
  moved AS (
    UPDATE users u SET points = u.points + i.value, updated_at = p_at
    FROM input i
    WHERE u.id = i.id
      AND CASE WHEN i.value > 0 THEN u.points <= 2147483647 - i.value ELSE u.points >= -i.value END
    RETURNING u.id, u.points),
  ledger AS (
    INSERT INTO point_transactions (user_id, value, kind, description, description_key, description_values, ref_type, ref_id, created_by, created_at)
    SELECT i.id, i.value, p_kind, p_description, p_description_key, p_description_values, p_ref_type, p_ref_id, p_actor, p_at
    FROM input i JOIN moved m ON m.id = i.id
    RETURNING id, point_transactions.user_id)
  SELECT array_agg(l.user_id), array_agg(l.id), array_agg(m.points)
  INTO v_ids, v_txs, v_balances
  FROM ledger l JOIN moved m ON m.id = l.user_id;

  IF coalesce(cardinality(v_ids), 0) <> v_count THEN
    SELECT x.id, CASE WHEN cardinality(p_values) = 1 THEN p_values[1] ELSE p_values[x.n] END AS value, u.points, u.id IS NULL AS missing
    INTO v_bad
    FROM unnest(p_users) WITH ORDINALITY AS x(id, n)
    LEFT JOIN users u ON u.id = x.id
    WHERE NOT (x.id = ANY (coalesce(v_ids, '{}')))
    ORDER BY x.id
    LIMIT 1;
    IF v_bad.missing AND v_count = 1 THEN
      RAISE EXCEPTION 'NOT_FOUND';
    ELSIF v_bad.missing THEN
      RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('userId', v_bad.id)::text;
    ELSIF v_bad.value > 0 THEN
      RAISE EXCEPTION 'AMOUNT_TOO_LARGE' USING DETAIL = (jsonb_build_object('value', v_bad.value, 'balance', v_bad.points)
        || CASE WHEN v_count > 1 THEN jsonb_build_object('userId', v_bad.id) ELSE '{}'::jsonb END)::text;
    ELSE
      RAISE EXCEPTION 'NOT_ENOUGH_POINTS' USING DETAIL = (jsonb_build_object('total', -v_bad.value, 'balance', v_bad.points)
        || CASE WHEN v_count > 1 THEN jsonb_build_object('userId', v_bad.id) ELSE '{}'::jsonb END)::text;
    END IF;
  END IF;

  IF p_notify_type IS NOT NULL THEN
    PERFORM rs_notify(p_users, p_notify_type, ARRAY[p_notify_description], ARRAY[p_notify_url], p_at);
  END IF;
  RETURN QUERY SELECT r.user_id, r.transaction_id, r.balance FROM unnest(v_ids, v_txs, v_balances) AS r(user_id, transaction_id, balance);
END
$$;

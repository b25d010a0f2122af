-- An administrator's boost of one person's giving allowance (docs/architecture.md A6.16), one of the three
-- writers of allowances and allowance_movements: the allowance is reset first when its period is stale
-- (rs_allowance_reset) and locked; p_points join the boost, which lasts to p_expires (the program's accrual
-- end, the last day points can be credited) and is spent after the period's remainder; a 'boost' movement
-- records it with its author and note. Answers the allowance as it is now.
CREATE OR REPLACE FUNCTION rs_boost_allowance(
  p_user integer,
  p_points integer,
  p_expires date,
  p_actor integer,
  p_note text,
  p_today date,
  p_at timestamptz
) RETURNS SETOF allowances LANGUAGE plpgsql AS $$
DECLARE
  v_allowance allowances%ROWTYPE;
BEGIN
  IF p_points IS NULL OR p_points <= 0 THEN
    RAISE EXCEPTION 'rs_boost_allowance: a boost adds points';
  END IF;
  PERFORM rs_allowance_reset(p_today, ARRAY[p_user], p_at);
  SELECT * INTO v_allowance FROM allowances a WHERE a.user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND';
  END IF;
  IF v_allowance.boost_remaining::bigint + p_points > 2147483647 THEN
    RAISE EXCEPTION 'AMOUNT_TOO_LARGE' USING DETAIL = jsonb_build_object('value', p_points, 'balance', v_allowance.boost_remaining)::text;
  END IF;
  INSERT INTO allowance_movements (user_id, kind, value, period_start, created_by, note, created_at)
  VALUES (p_user, 'boost', p_points, v_allowance.period_start, p_actor, p_note, p_at);
  RETURN QUERY
  UPDATE allowances a SET boost_remaining = a.boost_remaining + p_points, boost_expires = greatest(a.boost_expires, p_expires)
  WHERE a.user_id = p_user
  RETURNING a.*;
END
$$;

-- A give of peer recognition (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md): a new
-- recognition (p_recognition NULL: p_recipients, p_values, p_private) or an add-on to recognition
-- p_recognition (its recipients), in one statement. The giver's allowance row is reset first when its period
-- is stale (rs_allowance_reset) and locked, so gives of one giver run one after the other; under that lock an
-- Idempotency-Key already used by this giver answers the first write (same fingerprint) or raises
-- IDEMPOTENCY_KEY_REUSED. Refusals (P0001, the API code as message, details as JSON in DETAIL; nothing is
-- written): ALLOWANCE_EXCEEDED when points x recipients is more than the period's remainder and the usable
-- boost {remaining}; GIVE_SHARE_CAP when what the giver gave one recipient this period plus this would pass
-- share_cap_percent of the period's grant {recipientId, max}. The cost comes out of the period's remainder
-- first, then the boost ('given' movements); the recipients are credited through the ledger's one writer,
-- rs_post_points (kind 'recognition', key 'peerRecognition', each told with a 'points' notification whose
-- text is in both languages). Checks that need no lock (recipients active, message length, values, the
-- program calendar) are the caller's (modules/peer), and so is telling the live feed and the recipients'
-- open pages of their notifications once the give has committed: a NOTIFY here would make committing gives
-- wait for one another (decision 0048), so the notifications' own announcement is switched off for them.
-- Answers the recognition, the add-on (NULL for a recognition) and whether it was a replay.
CREATE OR REPLACE FUNCTION rs_give(
  p_giver integer,
  p_recognition integer,
  p_recipients integer[],
  p_points integer,
  p_message text,
  p_values integer[],
  p_private boolean,
  p_key text,
  p_hash text,
  p_today date,
  p_at timestamptz
) RETURNS TABLE (recognition_id integer, addon_id integer, replayed boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_allowance allowances%ROWTYPE;
  v_prior record;
  v_recipients integer[];
  v_total bigint;
  v_usable integer;
  v_from_remaining integer;
  v_from_boost integer;
  v_cap_percent integer;
  v_max integer;
  v_over record;
  v_store integer;
  v_name text;
  v_recognition integer;
  v_addon integer;
BEGIN
  -- The giver's allowance, locked; reset first only when it belongs to an earlier period than the one holding
  -- p_today for the store's period as it is now (rs_allowance_reset's own condition), so a give in the current
  -- period does not pay for the reset's set-based statements.
  SELECT a.* INTO v_allowance
  FROM allowances a
  JOIN users u ON u.id = a.user_id
  LEFT JOIN giving_settings g ON g.store_id = u.store_id
  WHERE a.user_id = p_giver
    AND a.period_end >= p_today
    AND a.period_start >= date_trunc(CASE coalesce(g.period, 'month') WHEN 'week' THEN 'week' WHEN 'quarter' THEN 'quarter' ELSE 'month' END,
      p_today::timestamp)::date
  FOR UPDATE OF a;
  IF NOT FOUND THEN
    PERFORM rs_allowance_reset(p_today, ARRAY[p_giver], p_at);
    SELECT * INTO v_allowance FROM allowances a WHERE a.user_id = p_giver FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'NOT_FOUND';
    END IF;
  END IF;

  IF p_key IS NOT NULL THEN
    IF p_recognition IS NULL THEN
      SELECT r.id, NULL::integer AS addon, r.request_hash INTO v_prior
      FROM peer_recognitions r WHERE r.giver_id = p_giver AND r.idempotency_key = p_key;
    ELSE
      SELECT ad.recognition_id AS id, ad.id AS addon, ad.request_hash INTO v_prior
      FROM peer_addons ad WHERE ad.giver_id = p_giver AND ad.idempotency_key = p_key;
    END IF;
    IF v_prior.id IS NOT NULL THEN
      IF v_prior.request_hash IS DISTINCT FROM p_hash THEN
        RAISE EXCEPTION 'IDEMPOTENCY_KEY_REUSED' USING DETAIL = jsonb_build_object('key', p_key)::text;
      END IF;
      RETURN QUERY SELECT v_prior.id, v_prior.addon, true;
      RETURN;
    END IF;
  END IF;

  IF p_recognition IS NULL THEN
    v_recipients := p_recipients;
  ELSE
    SELECT array_agg(rr.user_id ORDER BY rr.user_id) INTO v_recipients
    FROM peer_recognition_recipients rr WHERE rr.recognition_id = p_recognition;
    IF v_recipients IS NULL THEN
      RAISE EXCEPTION 'NOT_FOUND';
    END IF;
  END IF;

  v_total := p_points::bigint * cardinality(v_recipients);
  v_usable := v_allowance.remaining
    + CASE WHEN v_allowance.boost_expires >= p_today THEN v_allowance.boost_remaining ELSE 0 END;
  IF v_total > v_usable THEN
    RAISE EXCEPTION 'ALLOWANCE_EXCEEDED' USING DETAIL = jsonb_build_object('remaining', v_usable)::text;
  END IF;

  SELECT u.store_id, btrim(u.name || ' ' || coalesce(u.last_name, '')), coalesce(g.share_cap_percent, 50)
  INTO v_store, v_name, v_cap_percent
  FROM users u LEFT JOIN giving_settings g ON g.store_id = u.store_id
  WHERE u.id = p_giver;
  v_max := floor(v_allowance.amount::numeric * v_cap_percent / 100)::integer;
  SELECT x.id, coalesce(sum(given.points), 0) AS given INTO v_over
  FROM unnest(v_recipients) AS x(id)
  LEFT JOIN LATERAL (
    SELECT r.points FROM peer_recognitions r
    JOIN peer_recognition_recipients rr ON rr.recognition_id = r.id AND rr.user_id = x.id
    WHERE r.giver_id = p_giver AND r.period_start = v_allowance.period_start
    UNION ALL
    SELECT ad.points FROM peer_addons ad
    JOIN peer_recognition_recipients rr ON rr.recognition_id = ad.recognition_id AND rr.user_id = x.id
    WHERE ad.giver_id = p_giver AND ad.period_start = v_allowance.period_start
  ) given ON true
  GROUP BY x.id
  HAVING coalesce(sum(given.points), 0) + p_points > v_max
  ORDER BY x.id
  LIMIT 1;
  IF v_over.id IS NOT NULL THEN
    RAISE EXCEPTION 'GIVE_SHARE_CAP' USING DETAIL = jsonb_build_object('recipientId', v_over.id, 'max', v_max)::text;
  END IF;

  IF p_recognition IS NULL THEN
    INSERT INTO peer_recognitions (giver_id, store_id, points, message, private, period_start, idempotency_key, request_hash, created_at)
    VALUES (p_giver, v_store, p_points, p_message, coalesce(p_private, false), v_allowance.period_start, p_key, p_hash, p_at)
    RETURNING id INTO v_recognition;
    INSERT INTO peer_recognition_recipients (recognition_id, user_id, store_id)
    SELECT v_recognition, u.id, u.store_id FROM users u WHERE u.id = ANY (v_recipients) ORDER BY u.id;
    INSERT INTO peer_recognition_values (recognition_id, value_id)
    SELECT DISTINCT v_recognition, v.id FROM unnest(coalesce(p_values, '{}')) AS v(id);
  ELSE
    v_recognition := p_recognition;
    INSERT INTO peer_addons (recognition_id, giver_id, points, message, period_start, idempotency_key, request_hash, created_at)
    VALUES (p_recognition, p_giver, p_points, nullif(p_message, ''), v_allowance.period_start, p_key, p_hash, p_at)
    RETURNING id INTO v_addon;
  END IF;

  v_from_remaining := least(v_allowance.remaining, v_total)::integer;
  v_from_boost := (v_total - v_from_remaining)::integer;
  UPDATE allowances a SET remaining = a.remaining - v_from_remaining, boost_remaining = a.boost_remaining - v_from_boost
  WHERE a.user_id = p_giver;
  INSERT INTO allowance_movements (user_id, kind, value, period_start, recognition_id, addon_id, created_at)
  SELECT p_giver, 'given', -x.value, v_allowance.period_start, v_recognition, v_addon, p_at
  FROM (VALUES (1, v_from_remaining), (2, v_from_boost)) AS x(n, value)
  WHERE x.value > 0
  ORDER BY x.n;

  -- The recipients' notifications are announced by the server once the give has committed, not by NOTIFY.
  PERFORM set_config('rs.notifications_announced', 'by_writer', true);
  PERFORM rs_post_points(
    v_recipients, ARRAY[p_points], 'recognition',
    CASE WHEN v_addon IS NULL THEN 'Recognition from ' ELSE 'Points added to a recognition by ' END || v_name,
    'peerRecognition',
    jsonb_build_object('giver', v_name, 'recognitionId', v_recognition)
      || CASE WHEN v_addon IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('addon', true) END,
    'peer_recognition', v_recognition, p_giver, p_at,
    'points',
    CASE WHEN v_addon IS NULL
      THEN jsonb_build_object('es', 'Reconocimiento de ' || v_name || ': +' || p_points || ' puntos',
                              'en', 'Recognition from ' || v_name || ': +' || p_points || ' points')
      ELSE jsonb_build_object('es', v_name || ' añadió +' || p_points || ' puntos a tu reconocimiento',
                              'en', v_name || ' added +' || p_points || ' points to your recognition')
    END::text,
    '/recognition/' || v_recognition);
  PERFORM set_config('rs.notifications_announced', '', true);

  RETURN QUERY SELECT v_recognition, v_addon, false;
END
$$;

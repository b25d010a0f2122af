-- A company-funded award (docs/architecture.md A6.19) in one statement, modelled
-- on rs_give: the budget row is locked first (awards from one budget run one after the other, so 20 at once
-- of 300 against 5,000 reserve or spend exactly 16 of them); a budget whose period is stale moves to the
-- current one first (rs_budget_reload); under that lock an Idempotency-Key already used by this giver
-- answers the first award (same fingerprint) or raises IDEMPOTENCY_KEY_REUSED. Refusals (P0001, nothing
-- written): BUDGET_CLOSED; BUDGET_EXCEEDED {available} when points x recipients is more than what the
-- budget has available. With approval steps (p_steps: [{level, approverId (null: the store's
-- administrators), storeId, recipientIds}], computed by modules/awards from the store's rules and the
-- recipients' reporting lines) the total is reserved and the first level is asked (rs_award_ask); without,
-- it is spent and every recipient credited through the ledger's one writer (rs_award_credit). Checks that
-- need no lock (who may spend the budget, the recipients, the message, the program calendar) are the
-- caller's, and so is telling the recipients' open pages of an award credited at once, after the commit.
-- Answers the award, its status and whether it was a replay.
CREATE OR REPLACE FUNCTION rs_award(
  p_giver integer,
  p_budget integer,
  p_recipients integer[],
  p_points integer,
  p_message text,
  p_steps jsonb,
  p_key text,
  p_hash text,
  p_today date,
  p_at timestamptz
) RETURNS TABLE (award_id integer, status text, replayed boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_budget budgets%ROWTYPE;
  v_prior record;
  v_total bigint;
  v_award integer;
  v_levels integer;
BEGIN
  SELECT b.* INTO v_budget FROM budgets b WHERE b.id = p_budget FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND';
  END IF;
  IF v_budget.closed_at IS NULL AND v_budget.period <> 'none'
    AND v_budget.period_start < date_trunc(v_budget.period, p_today::timestamp)::date THEN
    PERFORM rs_budget_reload(p_today, ARRAY[p_budget], p_at);
    SELECT b.* INTO v_budget FROM budgets b WHERE b.id = p_budget;
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT a.id, a.status, a.request_hash INTO v_prior FROM awards a WHERE a.giver_id = p_giver AND a.idempotency_key = p_key;
    IF v_prior.id IS NOT NULL THEN
      IF v_prior.request_hash IS DISTINCT FROM p_hash THEN
        RAISE EXCEPTION 'IDEMPOTENCY_KEY_REUSED' USING DETAIL = jsonb_build_object('key', p_key)::text;
      END IF;
      RETURN QUERY SELECT v_prior.id, v_prior.status, true;
      RETURN;
    END IF;
  END IF;

  IF v_budget.closed_at IS NOT NULL THEN
    RAISE EXCEPTION 'BUDGET_CLOSED';
  END IF;
  v_total := p_points::bigint * cardinality(p_recipients);
  IF v_total > v_budget.available THEN
    RAISE EXCEPTION 'BUDGET_EXCEEDED' USING DETAIL = jsonb_build_object('available', v_budget.available)::text;
  END IF;

  SELECT coalesce(max((s->>'level')::integer), 0) INTO v_levels FROM jsonb_array_elements(coalesce(p_steps, '[]'::jsonb)) s;
  INSERT INTO awards (giver_id, budget_id, points, message, status, levels, idempotency_key, request_hash, created_at)
  VALUES (p_giver, p_budget, p_points, p_message, CASE WHEN v_levels > 0 THEN 'waiting' ELSE 'credited' END, v_levels,
    p_key, p_hash, p_at)
  RETURNING id INTO v_award;
  INSERT INTO award_recipients (award_id, user_id)
  SELECT v_award, x.id FROM unnest(p_recipients) AS x(id) ORDER BY x.id;

  IF v_levels > 0 THEN
    INSERT INTO approval_steps (award_id, level, approver_id, store_id, recipient_ids, status, created_at)
    SELECT v_award, (s->>'level')::integer, (s->>'approverId')::integer, (s->>'storeId')::integer,
      ARRAY(SELECT jsonb_array_elements_text(s->'recipientIds')::integer), 'queued', p_at
    FROM jsonb_array_elements(p_steps) WITH ORDINALITY AS x(s, n)
    ORDER BY x.n;
    PERFORM rs_budget_move(p_budget, 'reserved', -v_total::integer, v_total::integer, v_award, p_giver, p_at);
    PERFORM rs_award_ask(v_award, 1, p_at);
    RETURN QUERY SELECT v_award, 'waiting'::text, false;
  ELSE
    PERFORM rs_budget_move(p_budget, 'spent', -v_total::integer, 0, v_award, p_giver, p_at);
    -- The recipients' notifications are announced by the server once the award has committed, not by
    -- NOTIFY, whose lock would make committing awards wait for one another (as rs_give, decision 0048).
    PERFORM set_config('rs.notifications_announced', 'by_writer', true);
    PERFORM rs_award_credit(v_award, p_at);
    PERFORM set_config('rs.notifications_announced', '', true);
    RETURN QUERY SELECT v_award, 'credited'::text, false;
  END IF;
END
$$;

-- An approver's decision on one approval step (docs/architecture.md A6.19), or the giver's withdrawal of a
-- waiting award (p_step NULL, p_award given, p_decision 'withdraw'), in one statement. Locks the budget,
-- then the award (the order rs_award takes), so two approvers at once cannot both decide one step: the
-- second finds the step decided and raises APPROVAL_DECIDED (as it does for a step escalated in the
-- meantime, or one whose approver is no longer p_actor); a withdrawal of an award no longer waiting raises
-- AWARD_NOT_WAITING. 'approve': the step is approved; when every step of its level is, the next level is
-- asked (rs_award_ask), or after the last level the reservation is spent and the recipients credited
-- (rs_award_credit). 'deny' (p_reason) and 'withdraw': the award's other open steps close, its reservation
-- is released. The giver is told the outcome (credited, or denied with the reason) with a 'points'
-- notification in both languages linking /awards/{id}. p_group_ok: the caller may decide a step held by
-- the store's administrators (modules/awards checks that they administer its store and are neither the
-- giver nor a recipient). Answers the award's status afterwards.
CREATE OR REPLACE FUNCTION rs_award_decide(
  p_step integer,
  p_award integer,
  p_actor integer,
  p_decision text,
  p_reason text,
  p_group_ok boolean,
  p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_award_id integer := p_award;
  v_award awards%ROWTYPE;
  v_step approval_steps%ROWTYPE;
  v_total integer;
  v_left integer;
  v_next integer;
  v_giver_notice jsonb;
BEGIN
  IF p_step IS NOT NULL THEN
    SELECT s.award_id INTO v_award_id FROM approval_steps s WHERE s.id = p_step;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'NOT_FOUND';
    END IF;
  END IF;
  PERFORM 1 FROM budgets b JOIN awards a ON a.budget_id = b.id WHERE a.id = v_award_id FOR UPDATE OF b;
  SELECT a.* INTO v_award FROM awards a WHERE a.id = v_award_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND';
  END IF;
  v_total := v_award.points * (SELECT count(*) FROM award_recipients r WHERE r.award_id = v_award.id)::integer;

  IF p_decision = 'withdraw' THEN
    IF v_award.giver_id IS DISTINCT FROM p_actor THEN
      RAISE EXCEPTION 'NOT_FOUND';
    END IF;
    IF v_award.status <> 'waiting' THEN
      RAISE EXCEPTION 'AWARD_NOT_WAITING';
    END IF;
  ELSE
    SELECT s.* INTO v_step FROM approval_steps s WHERE s.id = p_step FOR UPDATE;
    IF v_step.status <> 'waiting' OR v_award.status <> 'waiting'
      OR NOT (v_step.approver_id = p_actor OR (v_step.approver_id IS NULL AND p_group_ok)) THEN
      RAISE EXCEPTION 'APPROVAL_DECIDED';
    END IF;
  END IF;

  IF p_decision = 'approve' THEN
    UPDATE approval_steps s SET status = 'approved', decided_at = p_at, decided_by = p_actor WHERE s.id = p_step;
    SELECT count(*) INTO v_left FROM approval_steps s
    WHERE s.award_id = v_award.id AND s.level = v_step.level AND s.status = 'waiting';
    IF v_left > 0 THEN
      RETURN 'waiting';
    END IF;
    SELECT min(s.level) INTO v_next FROM approval_steps s WHERE s.award_id = v_award.id AND s.status = 'queued';
    IF v_next IS NOT NULL THEN
      PERFORM rs_award_ask(v_award.id, v_next, p_at);
      RETURN 'waiting';
    END IF;
    UPDATE awards a SET status = 'credited', decided_at = p_at WHERE a.id = v_award.id;
    PERFORM rs_budget_move(v_award.budget_id, 'spent', 0, -v_total, v_award.id, p_actor, p_at);
    PERFORM rs_award_credit(v_award.id, p_at);
    v_giver_notice := jsonb_build_object(
      'es', 'Tu premio #' || v_award.id || ' fue aprobado: +' || v_award.points || ' puntos acreditados',
      'en', 'Your award #' || v_award.id || ' was approved: +' || v_award.points || ' points credited');
  ELSE
    IF p_decision = 'deny' THEN
      UPDATE approval_steps s SET status = 'denied', decided_at = p_at, decided_by = p_actor, reason = p_reason WHERE s.id = p_step;
    END IF;
    UPDATE approval_steps s SET status = 'closed', decided_at = p_at
    WHERE s.award_id = v_award.id AND s.status IN ('queued', 'waiting');
    UPDATE awards a SET status = CASE WHEN p_decision = 'deny' THEN 'denied' ELSE 'withdrawn' END, decided_at = p_at,
      deny_reason = CASE WHEN p_decision = 'deny' THEN p_reason END
    WHERE a.id = v_award.id;
    PERFORM rs_budget_move(v_award.budget_id, 'released', v_total, -v_total, v_award.id, p_actor, p_at);
    IF p_decision = 'deny' THEN
      v_giver_notice := jsonb_build_object(
        'es', 'Tu premio #' || v_award.id || ' fue rechazado: ' || p_reason,
        'en', 'Your award #' || v_award.id || ' was denied: ' || p_reason);
    END IF;
  END IF;

  IF v_giver_notice IS NOT NULL THEN
    PERFORM rs_notify(ARRAY[v_award.giver_id], 'points', ARRAY[v_giver_notice::text], ARRAY['/awards/' || v_award.id], p_at);
  END IF;
  RETURN CASE p_decision WHEN 'approve' THEN 'credited' WHEN 'deny' THEN 'denied' ELSE 'withdrawn' END;
END
$$;

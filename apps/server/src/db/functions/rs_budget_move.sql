-- The one writer of a budget's `available` and `reserved` and of its ledger, budget_movements
-- (docs/architecture.md A6.19): every creation, reload, write-off, reservation,
-- release and spend goes through it, from TypeScript (modules/awards) or from another SQL function (rs_award,
-- rs_award_decide, rs_budget_reload). In one statement the budget's columns move by p_available and
-- p_reserved with a conditional UPDATE (neither ever below 0) and its movement row is written with the same
-- values, so available = SUM(movements.available) and reserved = SUM(movements.reserved) always. A move
-- that would take either below 0 raises BUDGET_EXCEEDED {available} and writes nothing; an unknown budget
-- NOT_FOUND. A move of nothing (both 0) writes nothing. Answers the budget's new available.
CREATE OR REPLACE FUNCTION rs_budget_move(
  p_budget integer,
  p_kind text,
  p_available integer,
  p_reserved integer,
  p_award integer,
  p_actor integer,
  p_at timestamptz
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_available integer;
  v_period date;
BEGIN
  IF p_available = 0 AND p_reserved = 0 THEN
    SELECT b.available INTO v_available FROM budgets b WHERE b.id = p_budget;
    RETURN v_available;
  END IF;
  UPDATE budgets b SET available = b.available + p_available, reserved = b.reserved + p_reserved, updated_at = p_at
  WHERE b.id = p_budget AND b.available + p_available >= 0 AND b.reserved + p_reserved >= 0
  RETURNING b.available, b.period_start INTO v_available, v_period;
  IF NOT FOUND THEN
    SELECT b.available INTO v_available FROM budgets b WHERE b.id = p_budget;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'NOT_FOUND';
    END IF;
    RAISE EXCEPTION 'BUDGET_EXCEEDED' USING DETAIL = jsonb_build_object('available', v_available)::text;
  END IF;
  INSERT INTO budget_movements (budget_id, kind, available, reserved, award_id, period_start, created_by, created_at)
  VALUES (p_budget, p_kind, p_available, p_reserved, p_award, v_period, p_actor, p_at);
  RETURN v_available;
END
$$;

-- A budget's new period (docs/architecture.md A6.19): every open budget with a
-- period (or exactly p_budgets) whose current period started before the one holding p_today (a local day of
-- the program time zone; calendar month, quarter or year) moves to that period; one with `reload` writes off
-- what is available ('expired') and is funded with its amount again ('reloaded'), both through
-- rs_budget_move; what waiting awards reserved stays reserved. Exactly once however many instances run it
-- at once: the budgets are locked in id order and the stale-period condition is checked again on the locked
-- row, so a second run finds nothing to do; a full run also takes its advisory lock first, so instances
-- queue instead of contending row by row. Answers how many budgets moved to a new period.
CREATE OR REPLACE FUNCTION rs_budget_reload(
  p_today date,
  p_budgets integer[] DEFAULT NULL,
  p_at timestamptz DEFAULT now()
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := 0;
  v_budget record;
  v_start date;
BEGIN
  IF p_budgets IS NULL THEN
    PERFORM pg_advisory_xact_lock(7340051);
  END IF;
  FOR v_budget IN
    SELECT b.id, b.period, b.reload, b.amount, b.available
    FROM budgets b
    WHERE (p_budgets IS NULL OR b.id = ANY (p_budgets))
      AND b.closed_at IS NULL AND b.period <> 'none'
      AND b.period_start < date_trunc(b.period, p_today::timestamp)::date
    ORDER BY b.id
    FOR UPDATE OF b
  LOOP
    v_start := date_trunc(v_budget.period, p_today::timestamp)::date;
    IF v_budget.reload THEN
      PERFORM rs_budget_move(v_budget.id, 'expired', -v_budget.available, 0, NULL, NULL, p_at);
    END IF;
    UPDATE budgets b SET period_start = v_start, updated_at = p_at WHERE b.id = v_budget.id;
    IF v_budget.reload THEN
      PERFORM rs_budget_move(v_budget.id, 'reloaded', v_budget.amount, 0, NULL, NULL, p_at);
    END IF;
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END
$$;

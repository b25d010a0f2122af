-- The giving allowance's reset (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md), one of
-- the three writers of allowances and allowance_movements (with rs_give and rs_boost_allowance). For every
-- active person (or exactly p_users, active or not) whose allowance belongs to an earlier period than the
-- one holding p_today (a local day of the program time zone), in one set-based statement: the remainder of
-- the old period is written off ('expired'), a boost whose last day is before the new period expires too,
-- the new period's grant is written ('granted': the store's amount plus per_report for each active direct
-- report; people without a store or a store without settings get the defaults of peer-rules.ts), and the
-- allowance row moves to the new period. Each store's period is its own: ISO week from Monday, calendar
-- month or quarter. Exactly once however many instances run it at once: the rows are locked in id order
-- and the stale-period condition is checked again on the locked row, so a second run finds nothing to do;
-- a full run also takes its advisory lock first, so instances queue instead of contending row by row.
-- People without an allowance get an empty one first (nothing to expire), then the same reset.
-- Answers how many allowances moved to the new period.
CREATE OR REPLACE FUNCTION rs_allowance_reset(
  p_today date,
  p_users integer[] DEFAULT NULL,
  p_at timestamptz DEFAULT now()
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  IF p_users IS NULL THEN
    PERFORM pg_advisory_xact_lock(7340048);
  END IF;

  INSERT INTO allowances (user_id, period_start, period_end, amount, remaining, boost_remaining)
  SELECT u.id, DATE '2000-01-01', DATE '2000-01-01', 0, 0, 0
  FROM users u
  WHERE (CASE WHEN p_users IS NULL THEN u.active = 1 ELSE u.id = ANY (p_users) END)
    AND NOT EXISTS (SELECT 1 FROM allowances a WHERE a.user_id = u.id)
  ORDER BY u.id
  ON CONFLICT (user_id) DO NOTHING;

  WITH due AS (
    SELECT a.user_id, a.remaining, a.boost_remaining, a.boost_expires, a.period_start AS old_start,
      p.period_start, p.period_end,
      coalesce(g.amount, 100) + coalesce(g.per_report, 0) *
        (SELECT count(*) FROM users r WHERE r.manager_id = u.id AND r.active = 1)::integer AS amount
    FROM allowances a
    JOIN users u ON u.id = a.user_id
    LEFT JOIN giving_settings g ON g.store_id = u.store_id
    CROSS JOIN LATERAL (
      SELECT s.start AS period_start,
        (CASE coalesce(g.period, 'month')
          WHEN 'week' THEN s.start + 7
          WHEN 'quarter' THEN (s.start + interval '3 months')::date
          ELSE (s.start + interval '1 month')::date END) - 1 AS period_end
      FROM (SELECT date_trunc(CASE coalesce(g.period, 'month') WHEN 'week' THEN 'week' WHEN 'quarter' THEN 'quarter' ELSE 'month' END,
        p_today::timestamp)::date AS start) s
    ) p
    WHERE (CASE WHEN p_users IS NULL THEN u.active = 1 ELSE a.user_id = ANY (p_users) END)
      AND (a.period_start < p.period_start OR a.period_end < p_today)
    ORDER BY a.user_id
    FOR UPDATE OF a),
  moved AS (
    UPDATE allowances a SET
      period_start = d.period_start,
      period_end = d.period_end,
      amount = d.amount,
      remaining = d.amount,
      boost_remaining = CASE WHEN d.boost_expires < d.period_start THEN 0 ELSE d.boost_remaining END,
      boost_expires = CASE WHEN d.boost_expires < d.period_start THEN NULL ELSE d.boost_expires END
    FROM due d
    WHERE a.user_id = d.user_id
    RETURNING a.user_id),
  ledger AS (
    INSERT INTO allowance_movements (user_id, kind, value, period_start, created_at)
    SELECT d.user_id, x.kind, x.value, x.period_start, p_at
    FROM due d
    JOIN moved m ON m.user_id = d.user_id
    CROSS JOIN LATERAL (VALUES
      (1, 'expired', -d.remaining, d.old_start),
      (2, 'expired', CASE WHEN d.boost_expires < d.period_start THEN -d.boost_remaining ELSE 0 END, d.old_start),
      (3, 'granted', d.amount, d.period_start)) AS x(n, kind, value, period_start)
    WHERE x.value <> 0
    ORDER BY d.user_id, x.n
    RETURNING 1)
  SELECT count(*) INTO v_count FROM moved;
  RETURN v_count;
END
$$;

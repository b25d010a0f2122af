-- The approvals' reminders and escalations (docs/architecture.md A6.19), run by
-- the job of every instance with the injected clock's p_at; exactly once whichever runs: a full run takes its
-- advisory lock first, and each step is locked in the order decisions take (budget, award, step) and its
-- condition checked again under the lock; steps are taken in budget order, the order rs_budget_reload locks
-- budgets in, so the two jobs never wait on each other in a circle. Per waiting step, by its store's rules (approval_rules, else the
-- defaults of packages/shared/src/awards-rules.ts: 3 and 7 days):
-- * escalation, when it has waited escalation_days, or at once when its approver is no longer active: the
--   step is closed as 'escalated' and a new one at its level takes it over (escalated_from), held by the next
--   manager up the approver's chain who is active and neither the giver nor a recipient, else by the store's
--   administrators; the new holder is asked (rs_award_ask) and has the full time again. A step the store's
--   administrators hold has nobody above it: it is reminded, never escalated.
-- * otherwise one reminder, when it has waited reminder_days (reminded_at: once per step), a 'points'
--   notification in both languages linking /approvals (e-mail follows, A6.12).
-- Answers how many steps were reminded and escalated.
CREATE OR REPLACE FUNCTION rs_approval_reminders(p_at timestamptz)
RETURNS TABLE (reminded integer, escalated integer) LANGUAGE plpgsql AS $$
DECLARE
  v_due record;
  v_step approval_steps%ROWTYPE;
  v_award record;
  v_next integer;
  v_new integer;
  v_reminded integer := 0;
  v_escalated integer := 0;
  v_receivers integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(7340052);
  FOR v_due IN
    SELECT s.id, a.budget_id
    FROM approval_steps s
    JOIN awards a ON a.id = s.award_id
    JOIN budgets b ON b.id = a.budget_id
    LEFT JOIN approval_rules r ON r.store_id = b.store_id
    LEFT JOIN users ap ON ap.id = s.approver_id
    WHERE s.status = 'waiting'
      AND (s.waiting_since + make_interval(days => coalesce(r.escalation_days, 7)) <= p_at AND s.approver_id IS NOT NULL
        OR ap.active IS DISTINCT FROM 1 AND s.approver_id IS NOT NULL
        OR s.reminded_at IS NULL AND s.waiting_since + make_interval(days => coalesce(r.reminder_days, 3)) <= p_at)
    ORDER BY a.budget_id, s.id
  LOOP
    PERFORM 1 FROM budgets b WHERE b.id = v_due.budget_id FOR UPDATE;
    SELECT a.id, a.giver_id, a.points, ARRAY(SELECT ar.user_id FROM award_recipients ar WHERE ar.award_id = a.id) AS recipients,
      btrim(g.name || ' ' || coalesce(g.last_name, '')) AS giver, coalesce(r.reminder_days, 3) AS reminder_days,
      coalesce(r.escalation_days, 7) AS escalation_days
    INTO v_award
    FROM approval_steps s JOIN awards a ON a.id = s.award_id JOIN users g ON g.id = a.giver_id
    JOIN budgets b ON b.id = a.budget_id LEFT JOIN approval_rules r ON r.store_id = b.store_id
    WHERE s.id = v_due.id
    FOR UPDATE OF a;
    SELECT s.* INTO v_step FROM approval_steps s WHERE s.id = v_due.id FOR UPDATE;
    CONTINUE WHEN v_step.status <> 'waiting';

    IF v_step.approver_id IS NOT NULL AND (
      v_step.waiting_since + make_interval(days => v_award.escalation_days) <= p_at
      OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = v_step.approver_id AND u.active = 1)) THEN
      WITH RECURSIVE up(id, depth) AS (
        SELECT u.manager_id, 1 FROM users u WHERE u.id = v_step.approver_id AND u.manager_id IS NOT NULL
        UNION ALL
        SELECT m.manager_id, up.depth + 1 FROM up JOIN users m ON m.id = up.id WHERE m.manager_id IS NOT NULL AND up.depth < 20)
      SELECT up.id INTO v_next
      FROM up JOIN users u ON u.id = up.id
      WHERE u.active = 1 AND up.id <> v_award.giver_id AND NOT (up.id = ANY (v_award.recipients))
      ORDER BY up.depth
      LIMIT 1;
      UPDATE approval_steps s SET status = 'escalated', decided_at = p_at WHERE s.id = v_step.id;
      INSERT INTO approval_steps (award_id, level, approver_id, store_id, recipient_ids, status, escalated_from, created_at)
      VALUES (v_step.award_id, v_step.level, v_next, v_step.store_id, v_step.recipient_ids, 'queued', v_step.id, p_at)
      RETURNING id INTO v_new;
      PERFORM rs_award_ask(v_step.award_id, v_step.level, p_at, v_new);
      v_escalated := v_escalated + 1;
    ELSIF v_step.reminded_at IS NULL AND v_step.waiting_since + make_interval(days => v_award.reminder_days) <= p_at THEN
      UPDATE approval_steps s SET reminded_at = p_at WHERE s.id = v_step.id;
      IF v_step.approver_id IS NOT NULL THEN
        v_receivers := ARRAY[v_step.approver_id];
      ELSE
        SELECT array_agg(DISTINCT ua.user_id ORDER BY ua.user_id) INTO v_receivers
        FROM user_admin_stores ua JOIN users au ON au.id = ua.user_id AND au.active = 1
        WHERE ua.store_id = v_step.store_id AND ua.user_id <> v_award.giver_id AND NOT (ua.user_id = ANY (v_award.recipients));
      END IF;
      IF v_receivers IS NOT NULL THEN
        PERFORM rs_notify(v_receivers, 'points', ARRAY[jsonb_build_object(
          'es', 'Recordatorio: un premio de ' || v_award.giver || ' (' || v_award.points || ' puntos) espera tu aprobación',
          'en', 'Reminder: an award from ' || v_award.giver || ' (' || v_award.points || ' points) is waiting for your approval')::text],
          ARRAY['/approvals'], p_at);
      END IF;
      v_reminded := v_reminded + 1;
    END IF;
  END LOOP;
  RETURN QUERY SELECT v_reminded, v_escalated;
END
$$;

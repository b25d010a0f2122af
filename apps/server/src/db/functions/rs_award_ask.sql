-- Asks an award's approvals of one level (docs/architecture.md A6.19): its queued steps (or only p_step)
-- start waiting now, and each approver is told with a 'points' notification in both languages linking
-- /approvals/{step} (and with it the e-mail, A6.12, which carries the step's signed approve and deny
-- links); a step held by the store's administrators (approver_id null) tells every active administrator of
-- that store (not super administrators) other than the giver and the recipients. Called by rs_award (level
-- 1), rs_award_decide (the next level) and rs_approval_reminders (the step an escalation adds).
CREATE OR REPLACE FUNCTION rs_award_ask(p_award integer, p_level integer, p_at timestamptz, p_step integer DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_award record;
  v_approvers integer[];
  v_urls text[];
BEGIN
  SELECT a.id, a.points, a.giver_id, btrim(u.name || ' ' || coalesce(u.last_name, '')) AS giver,
    (SELECT count(*) FROM award_recipients r WHERE r.award_id = a.id)::integer AS recipients,
    ARRAY(SELECT r.user_id FROM award_recipients r WHERE r.award_id = a.id) AS recipient_ids
  INTO v_award
  FROM awards a JOIN users u ON u.id = a.giver_id WHERE a.id = p_award;

  WITH asked AS (
    UPDATE approval_steps s SET status = 'waiting', waiting_since = p_at
    WHERE s.award_id = p_award AND s.status = 'queued' AND s.level = p_level AND (p_step IS NULL OR s.id = p_step)
    RETURNING s.id, s.approver_id, s.store_id),
  receivers AS (
    SELECT k.approver_id AS user_id, k.id AS step_id FROM asked k WHERE k.approver_id IS NOT NULL
    UNION
    SELECT ua.user_id, k.id FROM asked k
    JOIN user_admin_stores ua ON ua.store_id = k.store_id
    JOIN users au ON au.id = ua.user_id AND au.active = 1
    WHERE k.approver_id IS NULL AND ua.user_id <> v_award.giver_id AND NOT (ua.user_id = ANY (v_award.recipient_ids)))
  SELECT array_agg(x.user_id ORDER BY x.user_id, x.step_id), array_agg('/approvals/' || x.step_id ORDER BY x.user_id, x.step_id)
  INTO v_approvers, v_urls
  FROM receivers x;

  IF v_approvers IS NOT NULL THEN
    PERFORM rs_notify(v_approvers, 'points', ARRAY[jsonb_build_object(
      'es', 'Premio por aprobar: ' || v_award.giver || ' da ' || v_award.points || ' puntos a ' || v_award.recipients
        || CASE WHEN v_award.recipients = 1 THEN ' persona' ELSE ' personas' END,
      'en', 'Award to approve: ' || v_award.giver || ' gives ' || v_award.points || ' points to ' || v_award.recipients
        || CASE WHEN v_award.recipients = 1 THEN ' person' ELSE ' people' END)::text],
      v_urls, p_at);
  END IF;
END
$$;

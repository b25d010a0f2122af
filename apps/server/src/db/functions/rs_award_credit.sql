-- Credits an award's recipients (docs/architecture.md A6.19) through the points ledger's one writer,
-- rs_post_points: kind 'award', key 'award' {giver, awardId}, each told with a 'points' notification whose
-- text is in both languages, linking /awards/{id}; records each recipient's ledger row on award_recipients.
-- The budget has already been charged by the caller (rs_award: spent from available; rs_award_decide:
-- spent from the reservation). Called by rs_award and rs_award_decide only, under the budget's lock.
CREATE OR REPLACE FUNCTION rs_award_credit(p_award integer, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_award record;
  v_recipients integer[];
BEGIN
  SELECT a.id, a.giver_id, a.points, btrim(u.name || ' ' || coalesce(u.last_name, '')) AS giver
  INTO v_award
  FROM awards a JOIN users u ON u.id = a.giver_id WHERE a.id = p_award;
  SELECT array_agg(r.user_id ORDER BY r.user_id) INTO v_recipients FROM award_recipients r WHERE r.award_id = p_award;
  WITH posted AS (
    SELECT p.user_id, p.transaction_id FROM rs_post_points(
      v_recipients, ARRAY[v_award.points], 'award', 'Award from ' || v_award.giver, 'award',
      jsonb_build_object('giver', v_award.giver, 'awardId', p_award),
      'award', p_award, v_award.giver_id, p_at,
      'points',
      jsonb_build_object('es', 'Premio de ' || v_award.giver || ': +' || v_award.points || ' puntos',
                         'en', 'Award from ' || v_award.giver || ': +' || v_award.points || ' points')::text,
      '/awards/' || p_award) p)
  UPDATE award_recipients r SET transaction_id = posted.transaction_id
  FROM posted WHERE r.award_id = p_award AND r.user_id = posted.user_id;
END
$$;

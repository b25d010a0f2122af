-- The live feed (docs/architecture.md A6.16): every write to a recognition (given, commented, added to,
-- reacted to) calls it in its own transaction, and it sends one pg_notify('rs_feed', ...) that every instance
-- hears after commit (nothing for a rollback). The payload says what happened and to which recognition;
-- for a private one also who may see it: its giver and recipients (`audience`) and the stores of all of them
-- (`stores`), whose administrators may. plugins/realtime.ts emits the event `feed` to the sockets allowed.
CREATE OR REPLACE FUNCTION rs_announce_feed(p_kind text, p_recognition integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_private boolean;
  v_payload jsonb;
BEGIN
  SELECT r.private INTO v_private FROM peer_recognitions r WHERE r.id = p_recognition;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_payload := jsonb_build_object('kind', p_kind, 'recognitionId', p_recognition, 'private', v_private);
  IF v_private THEN
    v_payload := v_payload || (
      SELECT jsonb_build_object(
        'audience', jsonb_agg(DISTINCT p.user_id),
        'stores', coalesce(jsonb_agg(DISTINCT p.store_id) FILTER (WHERE p.store_id IS NOT NULL), '[]'::jsonb))
      FROM (
        SELECT r.giver_id AS user_id, r.store_id FROM peer_recognitions r WHERE r.id = p_recognition
        UNION ALL
        SELECT rr.user_id, rr.store_id FROM peer_recognition_recipients rr WHERE rr.recognition_id = p_recognition
      ) p);
  END IF;
  PERFORM pg_notify('rs_feed', v_payload::text);
END
$$;

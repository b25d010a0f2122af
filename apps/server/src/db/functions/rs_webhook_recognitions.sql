-- recognition.given for webhooks (docs/architecture.md A6.19): the statement trigger
-- peer_recognition_recipients_webhooks (AFTER INSERT ON peer_recognition_recipients) calls it, so the event
-- names every recipient; only a colleague's give (kind 'recognition', A6.16), not a celebration nor an
-- add-on. The subject is the recognition (`recognition:ID`), the store the giver's when they gave. A private
-- recognition's message is not sent.
CREATE OR REPLACE FUNCTION rs_webhook_recognitions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active AND 'recognition.given' = ANY (events)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
  SELECT 'recognition.given', 'recognition:' || r.id, r.store_id,
         jsonb_build_object('recognitionId', r.id, 'giverId', r.giver_id, 'storeId', r.store_id, 'points', r.points,
           'private', r.private, 'message', CASE WHEN r.private THEN NULL ELSE r.message END,
           'recipients', n.recipients, 'createdAt', r.created_at),
         r.created_at
  FROM (
    SELECT x.recognition_id, jsonb_agg(jsonb_build_object('userId', x.user_id, 'storeId', x.store_id) ORDER BY x.user_id) AS recipients
    FROM rs_webhook_new_recipients x GROUP BY x.recognition_id) n
  JOIN peer_recognitions r ON r.id = n.recognition_id AND r.kind = 'recognition'
  WHERE rs_webhook_subscribed('recognition.given', r.store_id)
  ORDER BY r.id;
  RETURN NULL;
END
$$;

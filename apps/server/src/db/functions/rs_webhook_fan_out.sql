-- One delivery per event and endpoint (docs/architecture.md A6.19): the statement trigger webhook_events_fan_out
-- (AFTER INSERT ON webhook_events) calls it, in the transaction that wrote the events. An event with an
-- endpoint_id (a test, a redelivery's own event never) goes to that endpoint only; any other to every active
-- endpoint that subscribes to its type, of its store or of all stores. One set-based INSERT per statement.
CREATE OR REPLACE FUNCTION rs_webhook_fan_out() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (event_id, endpoint_id, subject, created_at)
  SELECT ev.id, e.id, ev.subject, ev.created_at
  FROM rs_webhook_new_events ev
  JOIN webhook_endpoints e ON CASE
    WHEN ev.endpoint_id IS NOT NULL THEN e.id = ev.endpoint_id
    ELSE e.active AND ev.type = ANY (e.events) AND (e.store_id IS NULL OR e.store_id = ev.store_id) END
  ORDER BY ev.id, e.id;
  RETURN NULL;
END
$$;

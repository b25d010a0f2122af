-- Whether some active webhook endpoint subscribes to an event type of a store (docs/architecture.md A6.19):
-- the store's endpoints and the all-stores ones (store_id null). The source tables' triggers write an event
-- only when this holds, so a statement nobody listens to writes nothing.
CREATE OR REPLACE FUNCTION rs_webhook_subscribed(p_type text, p_store integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM webhook_endpoints e
    WHERE e.active AND p_type = ANY (e.events) AND (e.store_id IS NULL OR e.store_id = p_store))
$$;

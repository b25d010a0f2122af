-- order.placed and order.changed for webhooks (docs/architecture.md A6.19): the statement triggers
-- orders_webhooks_placed (AFTER INSERT) and orders_webhooks_changed (AFTER UPDATE) on orders call it with
-- their transition tables. A change is a move of status, total or comment (edits, cancellations, status
-- moves), an archive or a deletion; a write that changes none of them (updated_at alone) sends nothing.
-- The subject is the order (`order:ID`), the store the order's.
CREATE OR REPLACE FUNCTION rs_webhook_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active AND 'order.placed' = ANY (events)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
    SELECT 'order.placed', 'order:' || n.id, n.store_id,
           jsonb_build_object('orderId', n.id, 'userId', n.user_id, 'storeId', n.store_id, 'status', n.status,
             'total', n.total, 'createdAt', n.created_at),
           n.created_at
    FROM rs_webhook_new_orders n
    WHERE rs_webhook_subscribed('order.placed', n.store_id)
    ORDER BY n.id;
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active AND 'order.changed' = ANY (events)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
  SELECT 'order.changed', 'order:' || n.id, n.store_id,
         jsonb_build_object('orderId', n.id, 'userId', n.user_id, 'storeId', n.store_id,
           'status', n.status, 'previousStatus', o.status, 'total', n.total, 'previousTotal', o.total,
           'changes', to_jsonb(array_remove(ARRAY[
             CASE WHEN n.status IS DISTINCT FROM o.status THEN 'status' END,
             CASE WHEN n.total IS DISTINCT FROM o.total THEN 'total' END,
             CASE WHEN n.comment IS DISTINCT FROM o.comment THEN 'comment' END,
             CASE WHEN n.archived_at IS DISTINCT FROM o.archived_at THEN 'archived' END,
             CASE WHEN n.deleted_at IS DISTINCT FROM o.deleted_at THEN 'deleted' END], NULL)),
           'archived', n.archived_at IS NOT NULL, 'deleted', n.deleted_at IS NOT NULL, 'updatedAt', n.updated_at),
         n.updated_at
  FROM rs_webhook_new_orders n
  JOIN rs_webhook_old_orders o ON o.id = n.id
  WHERE (n.status, n.total, n.comment, n.archived_at, n.deleted_at) IS DISTINCT FROM (o.status, o.total, o.comment, o.archived_at, o.deleted_at)
    AND rs_webhook_subscribed('order.changed', n.store_id)
  ORDER BY n.id;
  RETURN NULL;
END
$$;

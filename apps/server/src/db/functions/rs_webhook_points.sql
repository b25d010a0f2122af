-- points.credited (every positive ledger row) and points.expired (expiry rows) for webhooks (docs/architecture.md
-- A6.19): the statement trigger point_transactions_webhooks (AFTER INSERT ON point_transactions) calls it, so
-- a load of 100,000 receivers is one INSERT of events. Nothing is written, nor read beyond one look at the
-- endpoints, when no active endpoint subscribes to either type. The subject is the person (`user:ID`), the
-- store theirs now; `points` is the amount, positive for both types.
CREATE OR REPLACE FUNCTION rs_webhook_points() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE active AND events && ARRAY['points.credited', 'points.expired']) THEN
    RETURN NULL;
  END IF;
  INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
  SELECT x.type, 'user:' || t.user_id, u.store_id,
         jsonb_build_object('transactionId', t.id, 'userId', t.user_id, 'storeId', u.store_id, 'points', abs(t.value),
           'kind', t.kind, 'reference', CASE WHEN t.ref_type IS NULL THEN NULL ELSE jsonb_build_object('type', t.ref_type, 'id', t.ref_id) END,
           'createdAt', t.created_at),
         t.created_at
  FROM rs_webhook_new_points t
  JOIN users u ON u.id = t.user_id
  CROSS JOIN LATERAL (SELECT CASE WHEN t.kind = 'expiry' THEN 'points.expired' WHEN t.value > 0 THEN 'points.credited' END AS type) x
  WHERE x.type IS NOT NULL AND rs_webhook_subscribed(x.type, u.store_id)
  ORDER BY t.id;
  RETURN NULL;
END
$$;

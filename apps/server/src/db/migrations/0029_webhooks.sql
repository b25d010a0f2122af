CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"redelivery_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"msg_id" text DEFAULT ('msg_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"store_id" integer,
	"endpoint_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_msg_id_unique" UNIQUE("msg_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_subject_idx" ON "webhook_deliveries" USING btree ("endpoint_id","subject","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_store_idx" ON "webhook_endpoints" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
--> statement-breakpoint
-- hand-written below
CREATE OR REPLACE FUNCTION rs_webhook_subscribed(p_type text, p_store integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM webhook_endpoints e
    WHERE e.active AND p_type = ANY (e.events) AND (e.store_id IS NULL OR e.store_id = p_store))
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_webhook_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rs_webhook_subscribed('user.deactivated', NEW.store_id) THEN
    INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
    VALUES ('user.deactivated', 'user:' || NEW.id, NEW.store_id,
      jsonb_build_object('userId', NEW.id, 'storeId', NEW.store_id, 'externalId', NEW.external_id, 'deactivatedAt', NEW.updated_at),
      NEW.updated_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER webhook_events_fan_out AFTER INSERT ON webhook_events
REFERENCING NEW TABLE AS rs_webhook_new_events
FOR EACH STATEMENT EXECUTE FUNCTION rs_webhook_fan_out();
--> statement-breakpoint
CREATE TRIGGER point_transactions_webhooks AFTER INSERT ON point_transactions
REFERENCING NEW TABLE AS rs_webhook_new_points
FOR EACH STATEMENT EXECUTE FUNCTION rs_webhook_points();
--> statement-breakpoint
CREATE TRIGGER orders_webhooks_placed AFTER INSERT ON orders
REFERENCING NEW TABLE AS rs_webhook_new_orders
FOR EACH STATEMENT EXECUTE FUNCTION rs_webhook_orders();
--> statement-breakpoint
CREATE TRIGGER orders_webhooks_changed AFTER UPDATE ON orders
REFERENCING OLD TABLE AS rs_webhook_old_orders NEW TABLE AS rs_webhook_new_orders
FOR EACH STATEMENT EXECUTE FUNCTION rs_webhook_orders();
--> statement-breakpoint
CREATE TRIGGER peer_recognition_recipients_webhooks AFTER INSERT ON peer_recognition_recipients
REFERENCING NEW TABLE AS rs_webhook_new_recipients
FOR EACH STATEMENT EXECUTE FUNCTION rs_webhook_recognitions();
--> statement-breakpoint
CREATE TRIGGER users_webhooks AFTER UPDATE OF active ON users
FOR EACH ROW WHEN (OLD.active = 1 AND NEW.active <> 1)
EXECUTE FUNCTION rs_webhook_users();

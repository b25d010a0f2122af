-- Order administration (docs/decisions/0027-order-administration.md): an order's comment for the customer,
-- archived (hidden from the administrators' lists) and soft-deleted (canceled orders only; ledger rows stay),
-- and the administrators' edits with their reason, changes, points moved and Idempotency-Key; the edit's
-- row of the timeline points to it.
CREATE TABLE "order_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"points" integer NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_tracking" ADD COLUMN "edit_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_edits_creator_idempotency_uq" ON "order_edits" USING btree ("created_by","idempotency_key");--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_edit_id_order_edits_id_fk" FOREIGN KEY ("edit_id") REFERENCES "public"."order_edits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;

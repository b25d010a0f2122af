-- Bulk loads (docs/decisions/0005-bulk-loads.md): the refused e-mails of a load with their reasons, the
-- load's refused count, the fingerprint of the request behind its Idempotency-Key, the sender's office,
-- a total that fits 100,000 receivers of a million points. The consolidated rows lose their foreign
-- keys: rs_credit_load (migration 0011) writes each with its load and its receiver's ledger credit in
-- one statement, and checking five keys per row cost more than writing it.
CREATE TABLE "load_rejections" (
	"id" serial PRIMARY KEY NOT NULL,
	"load_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_entries" DROP CONSTRAINT "load_entries_load_id_loads_id_fk";
--> statement-breakpoint
ALTER TABLE "load_entries" DROP CONSTRAINT "load_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "load_entries" DROP CONSTRAINT "load_entries_reward_id_rewards_id_fk";
--> statement-breakpoint
ALTER TABLE "load_entries" DROP CONSTRAINT "load_entries_receiver_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "load_entries" DROP CONSTRAINT "load_entries_transaction_id_point_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "loads" ALTER COLUMN "total_points" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "rejected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "sender_store_id" integer;--> statement-breakpoint
ALTER TABLE "load_rejections" ADD CONSTRAINT "load_rejections_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_rejections_load_idx" ON "load_rejections" USING btree ("load_id");--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_sender_store_id_stores_id_fk" FOREIGN KEY ("sender_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;
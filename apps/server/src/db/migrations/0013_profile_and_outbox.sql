ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "body_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "notification_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "ref_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "store_source" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");
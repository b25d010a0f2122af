-- Peer recognition (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md): each person's giving
-- allowance and its ledger (written only by rs_allowance_reset, rs_give and rs_boost_allowance in db/functions),
-- the stores' giving settings and company values, recognitions with their recipients, values, add-ons, comments
-- and reactions, and each user's manager. The feed pages newest first by id; its filters and the private
-- recognitions (filtered in the query) have indexes of their own.
CREATE TABLE "allowance_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"period_start" date NOT NULL,
	"recognition_id" integer,
	"addon_id" integer,
	"created_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_movements_kind" CHECK ("allowance_movements"."kind" in ('granted', 'given', 'expired', 'boost')),
	CONSTRAINT "allowance_movements_sign" CHECK (("allowance_movements"."kind" in ('granted', 'boost') and "allowance_movements"."value" > 0) or ("allowance_movements"."kind" in ('given', 'expired') and "allowance_movements"."value" < 0))
);
--> statement-breakpoint
CREATE TABLE "allowances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"boost_remaining" integer DEFAULT 0 NOT NULL,
	"boost_expires" date,
	CONSTRAINT "allowances_remaining_nonnegative" CHECK ("allowances"."remaining" >= 0),
	CONSTRAINT "allowances_boost_nonnegative" CHECK ("allowances"."boost_remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"emoji" text,
	"color" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_values_name_written" CHECK (btrim("company_values"."name") <> '' or btrim("company_values"."name_en") <> ''),
	CONSTRAINT "company_values_color" CHECK ("company_values"."color" is null or "company_values"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "giving_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"amount" integer DEFAULT 100 NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"min_message" integer DEFAULT 20 NOT NULL,
	"share_cap_percent" integer DEFAULT 50 NOT NULL,
	"per_report" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "giving_settings_amount" CHECK ("giving_settings"."amount" between 1 and 100000),
	CONSTRAINT "giving_settings_period" CHECK ("giving_settings"."period" in ('week', 'month', 'quarter')),
	CONSTRAINT "giving_settings_min_message" CHECK ("giving_settings"."min_message" between 0 and 2000),
	CONSTRAINT "giving_settings_share_cap" CHECK ("giving_settings"."share_cap_percent" between 1 and 100),
	CONSTRAINT "giving_settings_per_report" CHECK ("giving_settings"."per_report" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "peer_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"recognition_id" integer NOT NULL,
	"giver_id" integer NOT NULL,
	"points" integer NOT NULL,
	"message" text,
	"period_start" date NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_addons_points_positive" CHECK ("peer_addons"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "peer_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"recognition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_reactions" (
	"recognition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_reactions_recognition_id_user_id_emoji_pk" PRIMARY KEY("recognition_id","user_id","emoji"),
	CONSTRAINT "peer_reactions_emoji" CHECK ("peer_reactions"."emoji" in ('clap', 'heart', 'party', 'star', 'thumbsup', 'fire'))
);
--> statement-breakpoint
CREATE TABLE "peer_recognition_recipients" (
	"recognition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer,
	CONSTRAINT "peer_recognition_recipients_recognition_id_user_id_pk" PRIMARY KEY("recognition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "peer_recognition_values" (
	"recognition_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "peer_recognition_values_recognition_id_value_id_pk" PRIMARY KEY("recognition_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "peer_recognitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"giver_id" integer NOT NULL,
	"store_id" integer,
	"points" integer NOT NULL,
	"message" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"period_start" date NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_recognitions_points_positive" CHECK ("peer_recognitions"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "allowance_movements" ADD CONSTRAINT "allowance_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_movements" ADD CONSTRAINT "allowance_movements_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_movements" ADD CONSTRAINT "allowance_movements_addon_id_peer_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."peer_addons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_movements" ADD CONSTRAINT "allowance_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_values" ADD CONSTRAINT "company_values_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giving_settings" ADD CONSTRAINT "giving_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_addons" ADD CONSTRAINT "peer_addons_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_addons" ADD CONSTRAINT "peer_addons_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_comments" ADD CONSTRAINT "peer_comments_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_comments" ADD CONSTRAINT "peer_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reactions" ADD CONSTRAINT "peer_reactions_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reactions" ADD CONSTRAINT "peer_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognition_recipients" ADD CONSTRAINT "peer_recognition_recipients_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognition_recipients" ADD CONSTRAINT "peer_recognition_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognition_recipients" ADD CONSTRAINT "peer_recognition_recipients_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognition_values" ADD CONSTRAINT "peer_recognition_values_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognition_values" ADD CONSTRAINT "peer_recognition_values_value_id_company_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."company_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognitions" ADD CONSTRAINT "peer_recognitions_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_recognitions" ADD CONSTRAINT "peer_recognitions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowance_movements_user_idx" ON "allowance_movements" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "allowances_period_idx" ON "allowances" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "company_values_store_idx" ON "company_values" USING btree ("store_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_addons_giver_key_uq" ON "peer_addons" USING btree ("giver_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "peer_addons_recognition_idx" ON "peer_addons" USING btree ("recognition_id","id");--> statement-breakpoint
CREATE INDEX "peer_addons_giver_period_idx" ON "peer_addons" USING btree ("giver_id","period_start");--> statement-breakpoint
CREATE INDEX "peer_comments_recognition_idx" ON "peer_comments" USING btree ("recognition_id","id");--> statement-breakpoint
CREATE INDEX "peer_recognition_recipients_user_idx" ON "peer_recognition_recipients" USING btree ("user_id","recognition_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "peer_recognition_recipients_store_idx" ON "peer_recognition_recipients" USING btree ("store_id","recognition_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "peer_recognition_values_value_idx" ON "peer_recognition_values" USING btree ("value_id","recognition_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "peer_recognitions_giver_key_uq" ON "peer_recognitions" USING btree ("giver_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "peer_recognitions_giver_idx" ON "peer_recognitions" USING btree ("giver_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "peer_recognitions_store_idx" ON "peer_recognitions" USING btree ("store_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "peer_recognitions_giver_period_idx" ON "peer_recognitions" USING btree ("giver_id","period_start");--> statement-breakpoint
CREATE INDEX "peer_recognitions_private_idx" ON "peer_recognitions" USING btree ("id" DESC NULLS LAST) WHERE "peer_recognitions"."private";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" USING btree ("manager_id") WHERE "users"."manager_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_manager_not_self" CHECK ("users"."manager_id" <> "users"."id");

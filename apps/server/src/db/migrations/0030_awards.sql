CREATE TABLE "approval_rules" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"first_threshold" integer NOT NULL,
	"second_threshold" integer NOT NULL,
	"levels" smallint NOT NULL,
	"reminder_days" smallint NOT NULL,
	"escalation_days" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "approval_rules_thresholds" CHECK ("approval_rules"."first_threshold" >= 1 and "approval_rules"."second_threshold" >= "approval_rules"."first_threshold"),
	CONSTRAINT "approval_rules_levels" CHECK ("approval_rules"."levels" between 1 and 4),
	CONSTRAINT "approval_rules_days" CHECK ("approval_rules"."reminder_days" >= 1 and "approval_rules"."escalation_days" > "approval_rules"."reminder_days")
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"award_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"approver_id" integer,
	"store_id" integer NOT NULL,
	"recipient_ids" integer[] NOT NULL,
	"status" text NOT NULL,
	"escalated_from" integer,
	"waiting_since" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_steps_status" CHECK ("approval_steps"."status" in ('queued', 'waiting', 'approved', 'denied', 'escalated', 'closed')),
	CONSTRAINT "approval_steps_level" CHECK ("approval_steps"."level" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "award_recipients" (
	"award_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer,
	CONSTRAINT "award_recipients_award_id_user_id_pk" PRIMARY KEY("award_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"giver_id" integer NOT NULL,
	"budget_id" integer NOT NULL,
	"points" integer NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"levels" smallint DEFAULT 0 NOT NULL,
	"deny_reason" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "awards_points" CHECK ("awards"."points" > 0),
	CONSTRAINT "awards_status" CHECK ("awards"."status" in ('waiting', 'credited', 'denied', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "budget_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"kind" text NOT NULL,
	"available" integer NOT NULL,
	"reserved" integer NOT NULL,
	"award_id" integer,
	"period_start" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_movements_kind" CHECK ("budget_movements"."kind" in ('funded', 'reloaded', 'expired', 'reserved', 'released', 'spent'))
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"store_id" integer NOT NULL,
	"department" text,
	"manager_id" integer,
	"amount" integer NOT NULL,
	"period" text NOT NULL,
	"reload" boolean DEFAULT false NOT NULL,
	"period_start" date NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_available_nonnegative" CHECK ("budgets"."available" >= 0),
	CONSTRAINT "budgets_reserved_nonnegative" CHECK ("budgets"."reserved" >= 0),
	CONSTRAINT "budgets_amount" CHECK ("budgets"."amount" >= 0),
	CONSTRAINT "budgets_scope" CHECK ("budgets"."scope" in ('store', 'department', 'manager')),
	CONSTRAINT "budgets_period" CHECK ("budgets"."period" in ('month', 'quarter', 'year', 'none')),
	CONSTRAINT "budgets_scope_fields" CHECK (("budgets"."scope" = 'department') = ("budgets"."department" is not null) and ("budgets"."scope" = 'manager') = ("budgets"."manager_id" is not null)),
	CONSTRAINT "budgets_no_reload_without_period" CHECK (not ("budgets"."reload" and "budgets"."period" = 'none'))
);
--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_recipients" ADD CONSTRAINT "award_recipients_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_recipients" ADD CONSTRAINT "award_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_recipients" ADD CONSTRAINT "award_recipients_transaction_id_point_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."point_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_movements" ADD CONSTRAINT "budget_movements_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_movements" ADD CONSTRAINT "budget_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_steps_award_idx" ON "approval_steps" USING btree ("award_id","level");--> statement-breakpoint
CREATE INDEX "approval_steps_approver_idx" ON "approval_steps" USING btree ("approver_id") WHERE "approval_steps"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "approval_steps_waiting_idx" ON "approval_steps" USING btree ("waiting_since") WHERE "approval_steps"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "award_recipients_user_idx" ON "award_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_giver_key_idx" ON "awards" USING btree ("giver_id","idempotency_key") WHERE "awards"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "awards_giver_idx" ON "awards" USING btree ("giver_id","id");--> statement-breakpoint
CREATE INDEX "awards_budget_idx" ON "awards" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budget_movements_budget_idx" ON "budget_movements" USING btree ("budget_id","id");--> statement-breakpoint
CREATE INDEX "budgets_store_idx" ON "budgets" USING btree ("store_id","scope");--> statement-breakpoint
CREATE INDEX "budgets_manager_idx" ON "budgets" USING btree ("manager_id") WHERE "budgets"."manager_id" is not null;
-- People's dates and celebrations (docs/architecture.md A6.17, docs/decisions/0049-celebrations.md). A person's
-- birthday is 'MM-DD' (never a year; any day of a leap year, checked here) and their hire date a date, whose
-- 'MM-DD' is the generated hire_month_day (extract on a date is immutable, to_char is not), so "whose birthday
-- or anniversary is one of these month-days" is one partial index lookup each. A store keeps the IANA zone of
-- its coordinates (time_zone, written by the server) so a statement can take each person's zone as their
-- position's, else their office's, else the program's. A celebration in the feed is a peer_recognitions row
-- of its own kind (birthday, anniversary, welcome): no giver, never private, the points credited (0 when
-- none), its own partial index for the feed's "celebrations" side; a colleague's recognition keeps a giver
-- and points > 0. celebration_settings (no row: the defaults) and celebration_choices (no row: the store's
-- default) hold what is celebrated and how; celebrations, celebration_heads_ups and expiry_reminders are the
-- keys that make each celebration, manager's heads-up and expiry reminder happen once (decision 0033).
CREATE TABLE "celebration_choices" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"choice" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebration_choices_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "celebration_choices_kind" CHECK (kind in ('birthday', 'anniversary', 'welcome')),
	CONSTRAINT "celebration_choices_choice" CHECK (choice in ('public', 'private', 'none'))
);
--> statement-breakpoint
CREATE TABLE "celebration_heads_ups" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"manager_id" integer NOT NULL,
	"on_date" date NOT NULL,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebration_heads_ups_user_id_kind_year_pk" PRIMARY KEY("user_id","kind","year"),
	CONSTRAINT "celebration_heads_ups_kind" CHECK (kind in ('birthday', 'anniversary', 'welcome'))
);
--> statement-breakpoint
CREATE TABLE "celebration_settings" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"local_hour" smallint DEFAULT 8 NOT NULL,
	"birthday_points" integer DEFAULT 50 NOT NULL,
	"anniversary_points" integer DEFAULT 100 NOT NULL,
	"welcome_points" integer DEFAULT 100 NOT NULL,
	"milestones" jsonb DEFAULT '{"5":500,"10":1000}'::jsonb NOT NULL,
	"feb29" text DEFAULT 'feb28' NOT NULL,
	"heads_up_days" smallint DEFAULT 3 NOT NULL,
	"default_birthday" text DEFAULT 'public' NOT NULL,
	"default_anniversary" text DEFAULT 'public' NOT NULL,
	"default_welcome" text DEFAULT 'public' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "celebration_settings_local_hour" CHECK ("celebration_settings"."local_hour" between 0 and 23),
	CONSTRAINT "celebration_settings_birthday_points" CHECK (birthday_points between 0 and 100000),
	CONSTRAINT "celebration_settings_anniversary_points" CHECK (anniversary_points between 0 and 100000),
	CONSTRAINT "celebration_settings_welcome_points" CHECK (welcome_points between 0 and 100000),
	CONSTRAINT "celebration_settings_milestones" CHECK (jsonb_typeof("celebration_settings"."milestones") = 'object'),
	CONSTRAINT "celebration_settings_feb29" CHECK (feb29 in ('feb28', 'mar1')),
	CONSTRAINT "celebration_settings_heads_up_days" CHECK (heads_up_days between 0 and 30),
	CONSTRAINT "celebration_settings_default_birthday" CHECK (default_birthday in ('public', 'private', 'none')),
	CONSTRAINT "celebration_settings_default_anniversary" CHECK (default_anniversary in ('public', 'private', 'none')),
	CONSTRAINT "celebration_settings_default_welcome" CHECK (default_welcome in ('public', 'private', 'none'))
);
--> statement-breakpoint
CREATE TABLE "celebrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"on_date" date NOT NULL,
	"years" smallint,
	"choice" text NOT NULL,
	"points" integer NOT NULL,
	"store_id" integer,
	"time_zone" text NOT NULL,
	"recognition_id" integer,
	"transaction_id" integer,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebrations_once" UNIQUE("user_id","kind","year"),
	CONSTRAINT "celebrations_kind" CHECK (kind in ('birthday', 'anniversary', 'welcome')),
	CONSTRAINT "celebrations_choice" CHECK ("celebrations"."choice" in ('public', 'private')),
	CONSTRAINT "celebrations_points" CHECK ("celebrations"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expiry_reminders" (
	"user_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" smallint NOT NULL,
	"points" integer NOT NULL,
	"notification_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expiry_reminders_user_id_expires_on_days_before_pk" PRIMARY KEY("user_id","expires_on","days_before"),
	CONSTRAINT "expiry_reminders_days_before" CHECK (days_before in (30, 7, 1)),
	CONSTRAINT "expiry_reminders_points" CHECK ("expiry_reminders"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "peer_recognitions" DROP CONSTRAINT "peer_recognitions_points_positive";--> statement-breakpoint
ALTER TABLE "peer_recognitions" ALTER COLUMN "giver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hire_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hire_month_day" text GENERATED ALWAYS AS (lpad(extract(month from hire_date)::int::text, 2, '0') || '-' || lpad(extract(day from hire_date)::int::text, 2, '0')) STORED;--> statement-breakpoint
ALTER TABLE "peer_recognitions" ADD COLUMN "kind" text DEFAULT 'recognition' NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_recognitions" ADD COLUMN "celebration_years" smallint;--> statement-breakpoint
ALTER TABLE "celebration_choices" ADD CONSTRAINT "celebration_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebration_heads_ups" ADD CONSTRAINT "celebration_heads_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebration_settings" ADD CONSTRAINT "celebration_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebration_settings" ADD CONSTRAINT "celebration_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebrations" ADD CONSTRAINT "celebrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "celebrations" ADD CONSTRAINT "celebrations_recognition_id_peer_recognitions_id_fk" FOREIGN KEY ("recognition_id") REFERENCES "public"."peer_recognitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expiry_reminders" ADD CONSTRAINT "expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "celebrations_on_date_idx" ON "celebrations" USING btree ("on_date");--> statement-breakpoint
CREATE INDEX "users_birthday_idx" ON "users" USING btree ("birthday") WHERE "users"."birthday" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_hire_month_day_idx" ON "users" USING btree ("hire_month_day") WHERE "users"."hire_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "peer_recognitions_celebration_idx" ON "peer_recognitions" USING btree ("id" DESC NULLS LAST) WHERE "peer_recognitions"."kind" <> 'recognition';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_birthday_valid" CHECK ("users"."birthday" IS NULL OR ("users"."birthday" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' AND "users"."birthday" NOT IN ('02-30', '02-31', '04-31', '06-31', '09-31', '11-31')));--> statement-breakpoint
ALTER TABLE "peer_recognitions" ADD CONSTRAINT "peer_recognitions_kind_valid" CHECK (("peer_recognitions"."kind" = 'recognition' AND "peer_recognitions"."giver_id" IS NOT NULL AND "peer_recognitions"."points" > 0) OR ("peer_recognitions"."kind" IN ('birthday', 'anniversary', 'welcome') AND "peer_recognitions"."giver_id" IS NULL AND "peer_recognitions"."points" >= 0 AND NOT "peer_recognitions"."private"));
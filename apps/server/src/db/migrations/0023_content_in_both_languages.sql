-- Content in both languages (docs/architecture.md A6.15, docs/decisions/0042-content-in-both-languages.md).
-- Every text an administrator writes for shoppers keeps its Spanish in its column and gains an English twin
-- `<column>_en`, '' until written; a text that is required needs one of the two (the *_written checks: every
-- row written so far has its Spanish). Products' search text holds both languages from their next write;
-- with no English yet it is what it was, so nothing is recomputed here.
ALTER TABLE "areas" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_options" ADD COLUMN "text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_questions" ADD COLUMN "text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "reason_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD COLUMN "description_values" jsonb;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_name_written" CHECK (btrim("areas"."name") <> '' or btrim("areas"."name_en") <> '');--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_description_written" CHECK (btrim("areas"."description") <> '' or btrim("areas"."description_en") <> '');--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_title_written" CHECK (btrim("banners"."title") <> '' or btrim("banners"."title_en") <> '');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_title_written" CHECK (btrim("categories"."title") <> '' or btrim("categories"."title_en") <> '');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_description_written" CHECK (btrim("categories"."description") <> '' or btrim("categories"."description_en") <> '');--> statement-breakpoint
ALTER TABLE "challenge_options" ADD CONSTRAINT "challenge_options_text_written" CHECK (btrim("challenge_options"."text") <> '' or btrim("challenge_options"."text_en") <> '');--> statement-breakpoint
ALTER TABLE "challenge_questions" ADD CONSTRAINT "challenge_questions_text_written" CHECK (btrim("challenge_questions"."text") <> '' or btrim("challenge_questions"."text_en") <> '');--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_title_written" CHECK (btrim("challenges"."title") <> '' or btrim("challenges"."title_en") <> '');--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_description_written" CHECK (btrim("challenges"."description") <> '' or btrim("challenges"."description_en") <> '');--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_reason_written" CHECK (btrim("loads"."reason") <> '' or btrim("loads"."reason_en") <> '');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_name_written" CHECK (btrim("products"."name") <> '' or btrim("products"."name_en") <> '');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_description_written" CHECK (btrim("products"."description") <> '' or btrim("products"."description_en") <> '');--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_name_written" CHECK (btrim("rewards"."name") <> '' or btrim("rewards"."name_en") <> '');--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_description_written" CHECK (btrim("rewards"."description") <> '' or btrim("rewards"."description_en") <> '');--> statement-breakpoint

-- The ledger keeps what each row says as a key and its values (point_transactions.description_key and
-- description_values, null on the rows written before), so each reader's statement words it in their language.
-- Its one writer, rs_post_points, takes them as new arguments, and rs_credit_load takes the reason's English:
-- their old definitions are dropped here, and the files in db/functions define the new ones right after the
-- migrations (docs/decisions/0041-sql-functions-in-files.md).
DROP FUNCTION IF EXISTS rs_post_points(integer[], integer[], text, text, text, integer, integer, timestamptz, text, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS rs_credit_load(integer, integer, integer, text, integer, text, text, timestamptz, timestamptz, boolean, text[], text[], text[], text, date, text);

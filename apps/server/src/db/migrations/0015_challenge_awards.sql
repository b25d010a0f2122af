-- Challenges (docs/decisions/0008-challenges.md): the load group that credited the winners, and when the
-- store was told the challenge opened (once, at its first activation).
ALTER TABLE "challenges" ADD COLUMN "load_id" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE no action ON UPDATE no action;
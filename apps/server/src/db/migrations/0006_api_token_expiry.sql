-- Every personal API token expires (issue 8): tokens made before this migration had no expiry; they get
-- the default lifetime (90 days) from now, so integrations keep working while their owners replace them.
UPDATE "api_tokens" SET "expires_at" = now() + interval '90 days' WHERE "expires_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "expires_at" SET NOT NULL;

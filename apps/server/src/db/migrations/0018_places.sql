-- Places (docs/decisions/0029-offline-reverse-geocoding.md): the user's last saved position with the country, continent
-- and IANA time zone the server derived from it offline; all null until a position is saved.
ALTER TABLE "profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "continent" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_position_valid" CHECK (("profiles"."latitude" is null and "profiles"."longitude" is null and "profiles"."time_zone" is null and "profiles"."located_at" is null and "profiles"."country_code" is null and "profiles"."continent" is null)
    or ("profiles"."latitude" between -90 and 90 and "profiles"."longitude" between -180 and 180 and "profiles"."time_zone" is not null and "profiles"."located_at" is not null));
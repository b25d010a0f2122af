-- A store's corporate site code (`sede_id`) names one store, and an employee id (`users.is`) one user
-- (docs/decisions/0031-store-site-and-inventory-codes.md): both unique, compared trimmed and case-insensitively.
-- Blank codes become NULL; a code that already repeats keeps its first holder (lowest id) and the others get
-- their id appended ("CDMX-7"), so nothing is dropped and an administrator can see and correct them.
UPDATE "stores" SET "sede_id" = NULL WHERE btrim("sede_id") = '';--> statement-breakpoint
UPDATE "stores" s SET "sede_id" = s."sede_id" || '-' || s."id"
  WHERE EXISTS (SELECT 1 FROM "stores" o WHERE lower(btrim(o."sede_id")) = lower(btrim(s."sede_id")) AND o."id" < s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_sede_id_lower_uq" ON "stores" USING btree (lower(btrim("sede_id"))) WHERE "sede_id" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "is" = NULL WHERE btrim("is") = '';--> statement-breakpoint
UPDATE "users" u SET "is" = u."is" || '-' || u."id"
  WHERE EXISTS (SELECT 1 FROM "users" o WHERE lower(btrim(o."is")) = lower(btrim(u."is")) AND o."id" < u."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_is_lower_uq" ON "users" USING btree (lower(btrim("is"))) WHERE "is" IS NOT NULL;

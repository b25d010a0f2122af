ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_store_featured_idx" ON "products" USING btree ("store_id","featured","created_at");--> statement-breakpoint
CREATE INDEX "products_store_price_idx" ON "products" USING btree ("store_id","category_id","price");--> statement-breakpoint
UPDATE "products" p SET "search_text" = lower(unaccent(p."name" || ' ' || c."title" || ' ' || p."description")) FROM "categories" c WHERE c."id" = p."category_id";

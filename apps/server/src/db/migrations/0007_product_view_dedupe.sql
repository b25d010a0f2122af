-- The product view counter counts a view once per viewer, product and day (issue 8): the viewers of the
-- day, keyed by day first so past days go with one range delete.
CREATE TABLE "product_views" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "product_views_day_product_id_viewer_pk" PRIMARY KEY("day","product_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
-- Product news (issue 15, the `products` notification type; docs/decisions/0035-product-news.md).
-- A shopper hears when a product of their wishlist is back in stock (its stock goes from 0 to more through
-- rs_move_stocks, whatever the caller: an inventory adjustment, a product edit, an order's cancellation or
-- edit, an import) and, when they opted in, when a new product appears in their preferred category. One
-- notification per shopper per transaction: a restock of 20 products or an import of 500 is one
-- "3 products of your wishlist are back in stock", not 20.
--
-- Triggers note what happened in product_news_pending (only when someone may care: a wishlist holds the
-- product, a profile opted in to its category); the first note of a transaction also writes its row in
-- product_news_batches, whose deferred constraint trigger runs once, just before COMMIT, inside the same
-- transaction: it turns the transaction's notes into one INSERT INTO notifications, so the stored row,
-- its realtime announcement (migration 0012) and its e-mail copy (migration 0014) come with the change or,
-- for a rollback, not at all. Rows never outlive their transaction.
CREATE TABLE "product_news_batches" (
	"tx" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_news_pending" (
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_news_pending_kind_valid" CHECK ("product_news_pending"."kind" in ('restock', 'new'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "product_news" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "product_news_pending_tx_idx" ON "product_news_pending" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "profiles_product_news_idx" ON "profiles" USING btree ("preferred_category_id") WHERE "profiles"."product_news";--> statement-breakpoint

-- Back in stock: a movement that takes a product from 0 to more. The WHEN clause is evaluated without
-- calling the function, so an order's movements (negative) cost nothing more.
CREATE OR REPLACE FUNCTION rs_product_news_restocked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wishlist_items WHERE product_id = NEW.product_id) THEN
    INSERT INTO product_news_pending (kind, product_id, at) VALUES ('restock', NEW.product_id, NEW.created_at);
    INSERT INTO product_news_batches (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_movements_product_news AFTER INSERT ON inventory_movements
FOR EACH ROW WHEN (NEW.delta > 0 AND NEW.stock_after = NEW.delta)
EXECUTE FUNCTION rs_product_news_restocked();
--> statement-breakpoint

-- New products: one set-based note per statement (a bulk insert is one statement), only for products
-- of a category some profile follows.
CREATE OR REPLACE FUNCTION rs_product_news_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_news_pending (kind, product_id, at)
  SELECT 'new', n.id, n.created_at FROM rs_product_news_new n
  WHERE n.active AND EXISTS (SELECT 1 FROM profiles p WHERE p.product_news AND p.preferred_category_id = n.category_id);
  IF FOUND THEN
    INSERT INTO product_news_batches (tx) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_product_news AFTER INSERT ON products
REFERENCING NEW TABLE AS rs_product_news_new
FOR EACH STATEMENT EXECUTE FUNCTION rs_product_news_created();
--> statement-breakpoint

-- Just before COMMIT: the transaction's notes, as one notification per shopper and kind. What counts is
-- the state at the end: a product back in stock still has stock, is active in an active category and is
-- of the shopper's store; a new product is still active in an active category. Texts are the system texts
-- that describeNotification (packages/shared/src/notification-text.ts) words in the reader's language.
-- The notes are read into arrays first, and each notification set is built from materialized steps:
-- planned as one join, a restock of 500 products wished by 2,000 shoppers walked every user of the store
-- for each product (5.4 s), and 50,000 new products were sorted again for each follower (67 s).
CREATE OR REPLACE FUNCTION rs_product_news_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint := txid_current();
  v_restocked integer[];
  v_restocked_at timestamptz;
  v_new integer[];
  v_new_at timestamptz;
BEGIN
  DELETE FROM product_news_batches WHERE tx = v_tx;
  WITH batch AS (DELETE FROM product_news_pending WHERE tx = v_tx RETURNING kind, product_id, at)
  SELECT array_agg(DISTINCT product_id) FILTER (WHERE kind = 'restock'), max(at) FILTER (WHERE kind = 'restock'),
    array_agg(DISTINCT product_id) FILTER (WHERE kind = 'new'), max(at) FILTER (WHERE kind = 'new')
  INTO v_restocked, v_restocked_at, v_new, v_new_at
  FROM batch;

  IF v_restocked IS NOT NULL THEN
    -- From the wishlist lines of those products (materialized: the store check then joins each line's
    -- user by key, never every user of the store against every product).
    WITH lines AS MATERIALIZED (
      SELECT w.user_id, p.id, p.name, p.slug, p.store_id
      FROM wishlist_items w
      JOIN products p ON p.id = w.product_id
      JOIN categories c ON c.id = p.category_id
      WHERE w.product_id = ANY (v_restocked) AND p.id = ANY (v_restocked) AND p.stock > 0 AND p.active AND c.active
    )
    INSERT INTO notifications (user_id, item_type, description, url, created_at)
    SELECT user_id, 'products',
      CASE WHEN n = 1 THEN 'Back in stock: ' || name ELSE n || ' wishlist products back in stock' END,
      CASE WHEN n = 1 THEN '/product?slug=' || slug ELSE '/wishlist' END,
      v_restocked_at
    FROM (
      SELECT l.user_id, count(*) AS n, (array_agg(l.name ORDER BY l.id))[1] AS name, (array_agg(l.slug ORDER BY l.id))[1] AS slug
      FROM lines l
      JOIN users u ON u.id = l.user_id AND u.store_id = l.store_id
      WHERE u.active = 1
      GROUP BY l.user_id
    ) wished
    ORDER BY user_id;
  END IF;

  IF v_new IS NOT NULL THEN
    -- One row per category first (materialized: aggregated once, then joined to its followers).
    WITH cat AS MATERIALIZED (
      SELECT p.category_id, min(c.slug) AS category_slug, count(*) AS n,
        (array_agg(p.name ORDER BY p.id))[1] AS name, (array_agg(p.slug ORDER BY p.id))[1] AS slug
      FROM products p
      JOIN categories c ON c.id = p.category_id
      WHERE p.id = ANY (v_new) AND p.active AND c.active
      GROUP BY p.category_id
    )
    INSERT INTO notifications (user_id, item_type, description, url, created_at)
    SELECT pr.user_id, 'products',
      CASE WHEN cat.n = 1 THEN 'New in your category: ' || cat.name ELSE cat.n || ' new products in your category' END,
      CASE WHEN cat.n = 1 THEN '/product?slug=' || cat.slug ELSE '/category/' || cat.category_slug END,
      v_new_at
    FROM cat
    JOIN profiles pr ON pr.product_news AND pr.preferred_category_id = cat.category_id
    JOIN users u ON u.id = pr.user_id
    WHERE u.active = 1
    ORDER BY pr.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_news_flush AFTER INSERT ON product_news_batches
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION rs_product_news_flush();

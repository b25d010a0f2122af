-- Product news, back in stock (docs/architecture.md A6.11; docs/decisions/0035-product-news.md): the row
-- trigger inventory_movements_product_news calls it for a movement that takes a product from 0 to more
-- (its WHEN clause is evaluated without calling the function, so an order's negative movements cost
-- nothing more). When some wishlist holds the product, it notes a 'restock' in product_news_pending and
-- makes sure the transaction has its product_news_batches row, whose deferred trigger runs
-- rs_product_news_flush just before COMMIT.
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

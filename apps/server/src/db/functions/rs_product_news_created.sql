-- Product news, new products (docs/architecture.md A6.11; docs/decisions/0035-product-news.md): the
-- statement trigger products_product_news (AFTER INSERT ON products) calls it, and it notes, in one
-- set-based INSERT per statement (a bulk insert is one statement), each active new product of a category
-- some profile follows (profiles.product_news) in product_news_pending, then makes sure the transaction
-- has its product_news_batches row, whose deferred trigger runs rs_product_news_flush just before COMMIT.
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

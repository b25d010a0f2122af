-- Product news, sent once per transaction (docs/architecture.md A6.11; docs/decisions/0035-product-news.md):
-- the deferred constraint trigger product_news_flush on product_news_batches calls it just before COMMIT,
-- inside the same transaction, and it turns the transaction's notes (rs_product_news_restocked,
-- rs_product_news_created) into notifications (through rs_notify): one per shopper and kind, so a restock of 20 products is
-- one "N wishlist products back in stock". The stored row, its realtime announcement
-- (rs_announce_notifications) and its e-mail copy (rs_notification_mail) come with the change or, for a
-- rollback, not at all; the notes never outlive their transaction. What counts is the state at the end:
-- a product back in stock still has stock, is active in an active category and is of the shopper's
-- store; a new product is still active in an active category. Texts are the system texts that
-- describeNotification (packages/shared/src/notification-text.ts) words in the reader's language, a
-- product's name in both languages as a JSON object (docs/architecture.md A6.15), which it picks. The
-- notes are read into arrays first, and each notification set is built from materialized steps: planned
-- as one join, a restock of 500 products wished by 2,000 shoppers walked every user of the store for each
-- product (5.4 s), and 50,000 new products were sorted again for each follower (67 s).
CREATE OR REPLACE FUNCTION rs_product_news_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint := txid_current();
  v_restocked integer[];
  v_restocked_at timestamptz;
  v_new integer[];
  v_new_at timestamptz;
  v_written integer[];
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
      SELECT w.user_id, p.id, jsonb_build_object('es', p.name, 'en', p.name_en)::text AS name, p.slug, p.store_id
      FROM wishlist_items w
      JOIN products p ON p.id = w.product_id
      JOIN categories c ON c.id = p.category_id
      WHERE w.product_id = ANY (v_restocked) AND p.id = ANY (v_restocked) AND p.stock > 0 AND p.active AND c.active
    )
    SELECT rs_notify(array_agg(user_id ORDER BY user_id), 'products',
      array_agg(CASE WHEN n = 1 THEN 'Back in stock: ' || name ELSE n || ' wishlist products back in stock' END ORDER BY user_id),
      array_agg(CASE WHEN n = 1 THEN '/product?slug=' || slug ELSE '/wishlist' END ORDER BY user_id),
      v_restocked_at)
    INTO v_written
    FROM (
      SELECT l.user_id, count(*) AS n, (array_agg(l.name ORDER BY l.id))[1] AS name, (array_agg(l.slug ORDER BY l.id))[1] AS slug
      FROM lines l
      JOIN users u ON u.id = l.user_id AND u.store_id = l.store_id
      WHERE u.active = 1
      GROUP BY l.user_id
    ) wished;
  END IF;

  IF v_new IS NOT NULL THEN
    -- One row per category first (materialized: aggregated once, then joined to its followers).
    WITH cat AS MATERIALIZED (
      SELECT p.category_id, min(c.slug) AS category_slug, count(*) AS n,
        (array_agg(jsonb_build_object('es', p.name, 'en', p.name_en)::text ORDER BY p.id))[1] AS name, (array_agg(p.slug ORDER BY p.id))[1] AS slug
      FROM products p
      JOIN categories c ON c.id = p.category_id
      WHERE p.id = ANY (v_new) AND p.active AND c.active
      GROUP BY p.category_id
    )
    SELECT rs_notify(array_agg(pr.user_id ORDER BY pr.user_id), 'products',
      array_agg(CASE WHEN cat.n = 1 THEN 'New in your category: ' || cat.name ELSE cat.n || ' new products in your category' END ORDER BY pr.user_id),
      array_agg(CASE WHEN cat.n = 1 THEN '/product?slug=' || cat.slug ELSE '/category/' || cat.category_slug END ORDER BY pr.user_id),
      v_new_at)
    INTO v_written
    FROM cat
    JOIN profiles pr ON pr.product_news AND pr.preferred_category_id = cat.category_id
    JOIN users u ON u.id = pr.user_id
    WHERE u.active = 1;
  END IF;
  RETURN NULL;
END
$$;

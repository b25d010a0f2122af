-- The one owner of products.stock (docs/architecture.md A6.4; docs/decisions/0004-stock-owner.md,
-- 0016-stock-ledger.md): moves the stock of each product by its delta (products distinct, deltas never 0)
-- and records one inventory_movements row each, with one UPDATE and one INSERT for the whole request, so
-- stock = SUM(inventory_movements.delta) for every product. Returns the movements in the order of the
-- arrays. Conditional, computed in bigint: stock never goes below 0 (OUT_OF_STOCK) nor past int32
-- (AMOUNT_TOO_LARGE); an unknown product is NOT_FOUND. A broken rule raises P0001 with the API error code
-- as message and its details as JSON in DETAIL, and the statement leaves nothing behind. Callers that move
-- several products lock them in id order first (rs_place_order does); rs_move_stock moves one.
-- A movement that takes a wishlisted product from 0 to more is noticed by the trigger on
-- inventory_movements that calls rs_product_news_restocked.
CREATE OR REPLACE FUNCTION rs_move_stocks(
  p_products integer[],
  p_deltas integer[],
  p_reason text,
  p_actor integer,
  p_now timestamptz
) RETURNS SETOF inventory_movements LANGUAGE plpgsql AS $$
DECLARE
  v_wanted integer := coalesce(array_length(p_products, 1), 0);
  v_moved integer;
  v_bad record;
BEGIN
  IF v_wanted = 0 OR v_wanted <> coalesce(array_length(p_deltas, 1), 0) OR 0 = ANY (p_deltas) OR NULL = ANY (p_deltas)
     OR (SELECT count(DISTINCT x) FROM unnest(p_products) AS x) <> v_wanted THEN
    RAISE EXCEPTION 'stock movements are non-zero whole numbers, one per distinct product';
  END IF;
  RETURN QUERY
  WITH l AS (SELECT * FROM unnest(p_products, p_deltas) WITH ORDINALITY AS l(id, delta, n)),
  moved AS (
    UPDATE products p SET stock = p.stock + l.delta FROM l
    WHERE p.id = l.id AND p.stock::bigint + l.delta BETWEEN 0 AND 2147483647
    RETURNING p.id, p.store_id, p.stock, l.delta, l.n),
  written AS (
    INSERT INTO inventory_movements (store_id, product_id, delta, stock_after, reason, created_by, created_at)
    SELECT m.store_id, m.id, m.delta, m.stock, p_reason, p_actor, p_now FROM moved m ORDER BY m.n
    RETURNING *)
  SELECT * FROM written ORDER BY array_position(p_products, written.product_id);
  GET DIAGNOSTICS v_moved = ROW_COUNT;
  IF v_moved = v_wanted THEN
    RETURN;
  END IF;
  -- Some product did not move: say which and why (the exception undoes the others).
  SELECT l.id, l.delta, p.id AS found, p.stock, p.name INTO v_bad
  FROM unnest(p_products, p_deltas) AS l(id, delta) LEFT JOIN products p ON p.id = l.id
  WHERE p.id IS NULL OR p.stock::bigint + l.delta NOT BETWEEN 0 AND 2147483647
  LIMIT 1;
  IF v_bad.found IS NULL THEN
    RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_bad.id)::text;
  END IF;
  IF v_bad.stock::bigint + v_bad.delta < 0 THEN
    RAISE EXCEPTION 'OUT_OF_STOCK' USING DETAIL = jsonb_build_object('productId', v_bad.id, 'name', v_bad.name, 'stock', v_bad.stock, 'delta', v_bad.delta)::text;
  END IF;
  RAISE EXCEPTION 'AMOUNT_TOO_LARGE' USING DETAIL = jsonb_build_object('productId', v_bad.id, 'stock', v_bad.stock, 'delta', v_bad.delta)::text;
END
$$;

-- Places an order in one statement (docs/architecture.md A6.6, A6.5, A6.3; docs/decisions/0003-orders.md).
-- Called by createOrder (modules/orders/orders.service.ts) instead of a dozen round trips. It locks the
-- user's row, replays a known Idempotency-Key (only for the same request: p_request_hash, computed by the
-- server; another request is IDEMPOTENCY_KEY_REUSED), locks the products in id order (so concurrent
-- orders never wait on each other in a cycle), checks the redemption window, that each product is
-- orderable in the user's store (the rule of orderableIn in products.service.ts), stock and points under
-- those locks, then writes the order, the stock movements (rs_move_stocks: every line in one statement),
-- the lines, the first tracking step, the balance with its `order` ledger row ("Order #id", key `order`) and an
-- `orders` notification (rs_post_points) and, for an order from the cart, the cart clean-up. Totals are added in bigint: a sum past
-- int32 is more than any balance (NOT_ENOUGH_POINTS), never an overflow. A broken rule raises P0001 with
-- the API's error code as message and its details as JSON in DETAIL (lib/database-errors.ts maps it); the
-- statement then leaves nothing behind. Answers the order as JSON, or {"replayed": id}.
CREATE OR REPLACE FUNCTION rs_place_order(
  p_user integer,
  p_product_ids integer[],
  p_quantities integer[],
  p_from_cart boolean,
  p_key text,
  p_request_hash text,
  p_now timestamptz,
  p_redemption_open boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user record;
  v_previous record;
  v_ids integer[];
  v_qty integer[];
  v_total bigint := 0;
  v_order record;
  v_line record;
  v_i integer := 0;
  v_prices integer[] := '{}';
  v_categories integer[] := '{}';
  v_names text[] := '{}';
  v_names_en text[] := '{}';
  v_lines jsonb;
  v_track record;
  v_short_id integer;
  v_short_name text;
  v_short_name_en text;
  v_description text;
BEGIN
  SELECT id, points, store_id, active, name, last_name, email INTO v_user FROM users WHERE id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'NOT_FOUND';
  END IF;
  IF v_user.active <> 1 THEN
    RAISE EXCEPTION 'USER_INACTIVE';
  END IF;
  IF p_key IS NOT NULL THEN
    SELECT id, request_hash INTO v_previous FROM orders WHERE user_id = p_user AND idempotency_key = p_key;
    IF FOUND THEN
      -- Orders placed before fingerprints existed (request_hash null) still replay.
      IF v_previous.request_hash IS NOT NULL AND v_previous.request_hash IS DISTINCT FROM p_request_hash THEN
        RAISE EXCEPTION 'IDEMPOTENCY_KEY_REUSED' USING DETAIL = jsonb_build_object('orderId', v_previous.id)::text;
      END IF;
      RETURN jsonb_build_object('replayed', v_previous.id);
    END IF;
  END IF;
  IF NOT p_redemption_open THEN
    RAISE EXCEPTION 'REDEMPTION_CLOSED';
  END IF;

  IF p_from_cart THEN
    SELECT array_agg(product_id ORDER BY product_id), array_agg(quantity ORDER BY product_id) INTO v_ids, v_qty
    FROM cart_items WHERE user_id = p_user;
  ELSE
    SELECT array_agg(w.product_id ORDER BY w.product_id), array_agg(w.quantity ORDER BY w.product_id) INTO v_ids, v_qty
    FROM (SELECT product_id, sum(quantity)::integer AS quantity FROM unnest(p_product_ids, p_quantities) AS l(product_id, quantity)
          GROUP BY product_id) w;
  END IF;
  IF v_ids IS NULL THEN
    RAISE EXCEPTION 'CART_EMPTY';
  END IF;

  -- Lock and read the products in id order (v_ids is sorted): primary-key lookups only.
  FOR v_line IN
    SELECT p.id, p.active, (SELECT c.active FROM categories c WHERE c.id = p.category_id) AS category_active,
      p.store_id, p.price, p.stock, p.name, p.name_en, p.category_id
    FROM products p WHERE p.id = ANY (v_ids) ORDER BY p.id FOR UPDATE OF p
  LOOP
    v_i := v_i + 1;
    IF v_line.id <> v_ids[v_i] THEN
      RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_ids[v_i])::text;
    END IF;
    -- Orderable: the one rule of orderableIn (products.service.ts): the product and its category are
    -- active (else NOT_FOUND, as in the shop), and the product belongs to the user's store.
    IF NOT (v_line.active AND coalesce(v_line.category_active, false)) THEN
      RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_line.id)::text;
    END IF;
    IF v_line.store_id IS DISTINCT FROM v_user.store_id THEN
      RAISE EXCEPTION 'NOT_AVAILABLE_IN_STORE' USING DETAIL = jsonb_build_object('productId', v_line.id)::text;
    END IF;
    IF v_short_id IS NULL AND v_line.stock < v_qty[v_i] THEN
      v_short_id := v_line.id;
      v_short_name := v_line.name;
      v_short_name_en := v_line.name_en;
    END IF;
    v_total := v_total + v_line.price::bigint * v_qty[v_i];
    v_prices := v_prices || v_line.price;
    v_categories := v_categories || v_line.category_id;
    v_names := v_names || v_line.name;
    v_names_en := v_names_en || v_line.name_en;
  END LOOP;
  IF v_i < array_length(v_ids, 1) THEN
    RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_ids[v_i + 1])::text;
  END IF;
  IF v_user.points < v_total THEN
    RAISE EXCEPTION 'NOT_ENOUGH_POINTS' USING DETAIL = jsonb_build_object('total', v_total, 'balance', v_user.points)::text;
  END IF;
  IF v_short_id IS NOT NULL THEN
    RAISE EXCEPTION 'OUT_OF_STOCK' USING DETAIL = jsonb_build_object('productId', v_short_id, 'name', v_short_name, 'nameEn', v_short_name_en)::text;
  END IF;

  INSERT INTO orders (user_id, store_id, status, total, idempotency_key, request_hash, created_at, updated_at)
  VALUES (p_user, v_user.store_id, 1, v_total, p_key, p_request_hash, p_now, p_now)
  RETURNING id, store_id, status, created_at INTO v_order;
  v_description := 'Order #' || v_order.id;
  PERFORM rs_move_stocks(v_ids, (SELECT array_agg(-q ORDER BY i) FROM unnest(v_qty) WITH ORDINALITY AS x(q, i)), v_description, p_user, p_now);
  WITH line AS (
    INSERT INTO order_lines (order_id, product_id, category_id, quantity, price, status)
    SELECT v_order.id, v_ids[i], v_categories[i], v_qty[i], v_prices[i], 1 FROM generate_subscripts(v_ids, 1) AS i ORDER BY i
    RETURNING id, product_id, quantity, price, status)
  SELECT jsonb_agg(jsonb_build_object(
      'id', line.id, 'productId', line.product_id, 'name', v_names[array_position(v_ids, line.product_id)],
      'nameEn', v_names_en[array_position(v_ids, line.product_id)],
      'quantity', line.quantity, 'price', line.price, 'status', line.status,
      'picture', (SELECT i.url FROM product_images i WHERE i.product_id = line.product_id ORDER BY i.position LIMIT 1))
    ORDER BY line.id)
  INTO v_lines FROM line;
  INSERT INTO order_tracking (order_id, status, cause, created_by, created_at) VALUES (v_order.id, 1, 'created', p_user, p_now)
  RETURNING id, status, cause, comment, created_at INTO v_track;
  -- The balance, its ledger row and the `orders` notification through the ledger's one writer (a free
  -- order moves no balance: only the notification).
  IF v_total > 0 THEN
    PERFORM rs_post_points(ARRAY[p_user], ARRAY[(-v_total)::integer], 'order', v_description, 'order',
      jsonb_build_object('id', v_order.id), 'order', v_order.id, p_user, p_now, 'orders', v_description, '/myOrders');
  ELSE
    PERFORM rs_notify(ARRAY[p_user], 'orders', ARRAY[v_description], ARRAY['/myOrders'], p_now);
  END IF;
  IF p_from_cart THEN
    DELETE FROM cart_items WHERE user_id = p_user AND product_id = ANY (v_ids);
  END IF;

  RETURN jsonb_build_object(
    'id', v_order.id,
    'customer', jsonb_build_object('name', concat_ws(' ', v_user.name, v_user.last_name), 'email', v_user.email),
    'storeId', v_order.store_id,
    'status', v_order.status,
    'total', v_total,
    'createdAt', v_order.created_at,
    'lines', v_lines,
    'tracking', jsonb_build_array(jsonb_build_object(
      'id', v_track.id, 'status', v_track.status, 'cause', v_track.cause, 'comment', v_track.comment, 'createdAt', v_track.created_at)));
END
$$;

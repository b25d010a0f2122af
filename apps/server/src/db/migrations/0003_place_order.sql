-- Placing an order, in the database (docs/architecture.md A4; docs/decisions/0003-orders.md).
-- One statement from the server instead of a dozen round trips: the user's row and the products' rows
-- are locked (products in id order, so concurrent orders never wait on each other in a cycle), the
-- rules are checked under those locks, then stock, order, lines, tracking, balance, ledger,
-- notification and cart change together. A broken rule raises P0001 with the API's error code as the
-- message and its details as JSON in DETAIL; the statement then leaves nothing behind.
CREATE OR REPLACE FUNCTION rs_place_order(
  p_user integer,
  p_product_ids integer[],
  p_quantities integer[],
  p_from_cart boolean,
  p_key text,
  p_now timestamptz,
  p_redemption_open boolean
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_user record;
  v_previous integer;
  v_ids integer[];
  v_qty integer[];
  v_total integer := 0;
  v_order record;
  v_line record;
  v_i integer := 0;
  v_prices integer[] := '{}';
  v_categories integer[] := '{}';
  v_names text[] := '{}';
  v_lines jsonb;
  v_track record;
  v_short_id integer;
  v_short_name text;
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
    SELECT id INTO v_previous FROM orders WHERE user_id = p_user AND idempotency_key = p_key;
    IF FOUND THEN
      RETURN jsonb_build_object('replayed', v_previous);
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
    SELECT id, active, store_id, price, stock, name, category_id FROM products WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE
  LOOP
    v_i := v_i + 1;
    IF v_line.id <> v_ids[v_i] THEN
      RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_ids[v_i])::text;
    END IF;
    IF NOT v_line.active THEN
      RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_line.id)::text;
    END IF;
    IF v_line.store_id IS DISTINCT FROM v_user.store_id THEN
      RAISE EXCEPTION 'NOT_AVAILABLE_IN_STORE' USING DETAIL = jsonb_build_object('productId', v_line.id)::text;
    END IF;
    IF v_short_id IS NULL AND v_line.stock < v_qty[v_i] THEN
      v_short_id := v_line.id;
      v_short_name := v_line.name;
    END IF;
    v_total := v_total + v_line.price * v_qty[v_i];
    v_prices := v_prices || v_line.price;
    v_categories := v_categories || v_line.category_id;
    v_names := v_names || v_line.name;
  END LOOP;
  IF v_i < array_length(v_ids, 1) THEN
    RAISE EXCEPTION 'NOT_FOUND' USING DETAIL = jsonb_build_object('productId', v_ids[v_i + 1])::text;
  END IF;
  IF v_user.points < v_total THEN
    RAISE EXCEPTION 'NOT_ENOUGH_POINTS' USING DETAIL = jsonb_build_object('total', v_total, 'balance', v_user.points)::text;
  END IF;
  IF v_short_id IS NOT NULL THEN
    RAISE EXCEPTION 'OUT_OF_STOCK' USING DETAIL = jsonb_build_object('productId', v_short_id, 'name', v_short_name)::text;
  END IF;

  FOR v_i IN 1 .. array_length(v_ids, 1) LOOP
    UPDATE products SET stock = stock - v_qty[v_i] WHERE id = v_ids[v_i];
  END LOOP;
  INSERT INTO orders (user_id, store_id, status, total, idempotency_key, created_at, updated_at)
  VALUES (p_user, v_user.store_id, 1, v_total, p_key, p_now, p_now)
  RETURNING id, store_id, status, created_at INTO v_order;
  v_description := 'Order #' || v_order.id;
  WITH line AS (
    INSERT INTO order_lines (order_id, product_id, category_id, quantity, price, status)
    SELECT v_order.id, v_ids[i], v_categories[i], v_qty[i], v_prices[i], 1 FROM generate_subscripts(v_ids, 1) AS i ORDER BY i
    RETURNING id, product_id, quantity, price, status)
  SELECT jsonb_agg(jsonb_build_object(
      'id', line.id, 'productId', line.product_id, 'name', v_names[array_position(v_ids, line.product_id)],
      'quantity', line.quantity, 'price', line.price, 'status', line.status,
      'picture', (SELECT i.url FROM product_images i WHERE i.product_id = line.product_id ORDER BY i.position LIMIT 1))
    ORDER BY line.id)
  INTO v_lines FROM line;
  INSERT INTO order_tracking (order_id, status, cause, created_by, created_at) VALUES (v_order.id, 1, 'created', p_user, p_now)
  RETURNING id, status, cause, comment, created_at INTO v_track;
  UPDATE users SET points = points - v_total, updated_at = p_now WHERE id = p_user;
  INSERT INTO point_transactions (user_id, value, kind, description, ref_type, ref_id, created_by, created_at)
  VALUES (p_user, -v_total, 'order', v_description, 'order', v_order.id, p_user, p_now);
  INSERT INTO notifications (user_id, item_type, description, url, created_at)
  VALUES (p_user, 'orders', v_description, '/myOrders', p_now);
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

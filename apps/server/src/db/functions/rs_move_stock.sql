-- One product's stock move (docs/architecture.md A6.4; docs/decisions/0004-stock-owner.md): the same owner,
-- rs_move_stocks, with one product and one delta; returns its movement. moveStock
-- (modules/inventory/inventory.service.ts) calls it for cancellations, order edits, product creation and
-- edits, restocks, adjustments and legacy calls.
CREATE OR REPLACE FUNCTION rs_move_stock(
  p_product integer,
  p_delta integer,
  p_reason text,
  p_actor integer,
  p_now timestamptz
) RETURNS inventory_movements LANGUAGE sql AS $$
  SELECT * FROM rs_move_stocks(ARRAY[p_product], ARRAY[p_delta], p_reason, p_actor, p_now);
$$;

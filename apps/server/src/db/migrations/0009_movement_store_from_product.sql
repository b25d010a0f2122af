-- The store of a stock movement is the product's, copied by rs_move_stocks (migration 0008); its own foreign
-- key share-locked the same hot stores row once per order line (docs/decisions/0004-stock-owner.md).
ALTER TABLE "inventory_movements" DROP CONSTRAINT "inventory_movements_store_id_stores_id_fk";

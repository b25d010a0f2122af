import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { InventoryMovement } from '@rewards/shared/inventory';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { invalidating, type CacheInvalidation } from '../../lib/response-cache.ts';

const columns = {
  id: s.inventoryMovements.id,
  storeId: s.inventoryMovements.storeId,
  productId: s.inventoryMovements.productId,
  productName: s.products.name,
  productNameEn: s.products.nameEn,
  delta: s.inventoryMovements.delta,
  stockAfter: s.inventoryMovements.stockAfter,
  reason: s.inventoryMovements.reason,
  createdBy: s.inventoryMovements.createdBy,
  createdByName: s.users.name,
  createdAt: s.inventoryMovements.createdAt,
};

function query(db: DbOrTx) {
  return db
    .select(columns)
    .from(s.inventoryMovements)
    .innerJoin(s.products, eq(s.products.id, s.inventoryMovements.productId))
    .leftJoin(s.users, eq(s.users.id, s.inventoryMovements.createdBy));
}

const toDto = (r: Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number]): InventoryMovement => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function listMovements(
  db: DbOrTx,
  q: { storeId: number; productId?: number; page: number; pageSize: number },
): Promise<ListResponse<InventoryMovement>> {
  const conditions: SQL[] = [eq(s.inventoryMovements.storeId, q.storeId)];
  if (q.productId) conditions.push(eq(s.inventoryMovements.productId, q.productId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(where)
      .orderBy(desc(s.inventoryMovements.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.inventoryMovements).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(rows.map(toDto), q, totalCount);
}

export async function getMovement(db: DbOrTx, id: number): Promise<InventoryMovement> {
  const [row] = await query(db).where(eq(s.inventoryMovements.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

/**
 * moveStock's refusal worded for the administrator who asked for the change (docs/architecture.md P8):
 * OUT_OF_STOCK is the shop's "not enough stock"; STOCK_BELOW_ZERO names the product and its stock now.
 * Anything else is given back as it is.
 */
export function adminStockRefusal(err: unknown): unknown {
  if (err instanceof AppError && err.code === 'OUT_OF_STOCK') return new AppError('STOCK_BELOW_ZERO', err.details);
  return err;
}

/**
 * A restock or adjustment by an administrator: the product's stock and the movement change together, or not
 * at all (moveStock); below zero is STOCK_BELOW_ZERO.
 */
export async function recordMovement(
  db: DbOrTx,
  p: { productId: number; delta: number; reason: string; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<InventoryMovement> {
  const { movementId } = await invalidating(
    cache,
    db.transaction((tx) => moveStock(tx, p)),
  ).catch((err: unknown) => {
    throw adminStockRefusal(err);
  });
  return getMovement(db, movementId);
}

/** Only the reason of a movement can be corrected; amounts are permanent. */
export async function updateMovementReason(db: DbOrTx, id: number, reason: string): Promise<InventoryMovement> {
  const rows = await db
    .update(s.inventoryMovements)
    .set({ reason })
    .where(eq(s.inventoryMovements.id, id))
    .returning({ id: s.inventoryMovements.id });
  if (!rows.length) throw notFound();
  return getMovement(db, id);
}

/**
 * The one way stock changes (docs/decisions/0004-stock-owner.md): `rs_move_stock` (one product of
 * `rs_move_stocks`; db/functions/rs_move_stock.sql and rs_move_stocks.sql) moves `products.stock` by
 * `delta` with a conditional update and writes the inventory movement in the same statement, so
 * stock = SUM(inventory_movements.delta) for every product. Never below 0 (OUT_OF_STOCK), never past
 * int32 (AMOUNT_TOO_LARGE), an unknown product is NOT_FOUND. Orders placed by `rs_place_order` move all
 * their lines through `rs_move_stocks`. Run it inside the caller's transaction.
 */
export async function moveStock(
  tx: DbOrTx,
  p: { productId: number; delta: number; reason: string; actorId?: number | null; now: Date },
): Promise<{ movementId: number; stockAfter: number }> {
  try {
    const { rows } = await tx.execute<{ id: number; stock_after: number }>(
      sql`select id, stock_after from rs_move_stock(${p.productId}::int, ${p.delta}::int, ${p.reason}::text, ${p.actorId ?? null}::int, ${p.now.toISOString()}::timestamptz)`,
    );
    return { movementId: Number(rows[0]!.id), stockAfter: Number(rows[0]!.stock_after) };
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

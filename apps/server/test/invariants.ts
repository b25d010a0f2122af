import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { moveStock } from '../src/modules/products/products.service.ts';

/**
 * The money invariants (docs/architecture.md A6, docs/decisions/0004-stock-owner.md), checked after
 * each test of every file that moves points or stock: users.points = SUM(point_transactions.value) for
 * every user, products.stock = SUM(inventory_movements.delta) for every product, no negative balance
 * or stock.
 */
export async function assertInvariants(db: DbOrTx): Promise<void> {
  const points = await db.execute(sql`
    select u.id, u.points, coalesce(sum(pt.value), 0)::bigint as ledger from users u
    left join point_transactions pt on pt.user_id = u.id group by u.id having u.points <> coalesce(sum(pt.value), 0)`);
  expect(points.rows, 'users.points <> SUM(point_transactions.value)').toEqual([]);
  const stock = await db.execute(sql`
    select p.id, p.stock, coalesce(sum(m.delta), 0)::bigint as ledger from products p
    left join inventory_movements m on m.product_id = p.id group by p.id having p.stock <> coalesce(sum(m.delta), 0)`);
  expect(stock.rows, 'products.stock <> SUM(inventory_movements.delta)').toEqual([]);
  const negative = await db.execute(
    sql`select 'product' as kind, id from products where stock < 0 union all select 'user', id from users where points < 0`,
  );
  expect(negative.rows, 'negative stock or balance').toEqual([]);
}

/** Sets a product's stock for a test, as an adjustment through the stock ledger (never a bare UPDATE). */
export async function setStock(db: DbOrTx, productId: number, stock: number): Promise<void> {
  const [row] = await db.select({ stock: s.products.stock }).from(s.products).where(eq(s.products.id, productId));
  const delta = stock - row!.stock;
  if (delta !== 0) await moveStock(db, { productId, delta, reason: 'Test adjustment', now: new Date() });
}

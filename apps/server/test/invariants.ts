import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { checkInvariants } from '../src/db/invariants.ts';
import { moveStock } from '../src/modules/inventory/inventory.service.ts';

/**
 * The money invariants (src/db/invariants.ts), checked after each test of every file that moves points or
 * stock: users.points = SUM(point_transactions.value) for every user, products.stock =
 * SUM(inventory_movements.delta) for every product, allowances.remaining + boost_remaining =
 * SUM(allowance_movements.value) for every person's giving allowance, no negative balance or stock.
 */
export async function assertInvariants(db: DbOrTx): Promise<void> {
  for (const { check, rows } of await checkInvariants(db)) expect(rows, check).toEqual([]);
}

/** Sets a product's stock for a test, as an adjustment through the stock ledger (never a bare UPDATE). */
export async function setStock(db: DbOrTx, productId: number, stock: number): Promise<void> {
  const [row] = await db.select({ stock: s.products.stock }).from(s.products).where(eq(s.products.id, productId));
  const delta = stock - row!.stock;
  if (delta !== 0) await moveStock(db, { productId, delta, reason: 'Test adjustment', now: new Date() });
}

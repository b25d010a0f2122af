import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { createOrder, moveOrder } from '../orders/orders.service.ts';
import { postPoints } from './points.service.ts';

let t: TestApp;
let users: number[] = [];
let products: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const created = await t.db
    .insert(s.users)
    .values(Array.from({ length: 4 }, (_, i) => ({ email: `prop-${i}@rewards.test`, name: `Prop ${i}`, storeId: 1 })))
    .returning({ id: s.users.id });
  users = created.map((u) => u.id);
  products = (await t.db.select({ id: s.products.id }).from(s.products).where(eq(s.products.storeId, 1)).limit(5)).map((p) => p.id);
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

/** The refusals a random sequence may meet; anything else fails the property. */
const expectedRefusals = new Set(['NOT_ENOUGH_POINTS', 'OUT_OF_STOCK', 'INVALID_STATUS_MOVE']);
/** What actually happened over the whole run: the property means little if most commands were refused. */
const done = { load: 0, order: 0, cancel: 0, advance: 0, refused: 0 };

const command = fc.oneof(
  fc.record({ type: fc.constant('load' as const), user: fc.nat(3), value: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ type: fc.constant('order' as const), user: fc.nat(3), product: fc.nat(4), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ type: fc.constant('cancel' as const), pick: fc.nat(50) }),
  fc.record({ type: fc.constant('advance' as const), pick: fc.nat(50) }),
);

describe('points ledger (property)', () => {
  it('any sequence of loads, orders, moves and cancellations keeps users.points = SUM(ledger), stock = SUM(movements), stock and balances >= 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const now = t.clock.now();
        const orders: number[] = [];
        for (const c of commands) {
          try {
            if (c.type === 'load') {
              await postPoints(t.db, {
                entries: [{ userId: users[c.user]!, value: c.value }],
                kind: 'load',
                description: 'Property load',
                descriptionKey: 'adjustment',
                descriptionValues: { reason: 'Property load' },
                now,
              });
              done.load++;
            } else if (c.type === 'order') {
              const { order } = await createOrder(t.db, {
                userId: users[c.user]!,
                input: { lines: [{ productId: products[c.product]!, quantity: c.quantity }] },
                now,
                calendar: t.config.calendar,
                cache: t.cache,
              });
              orders.push(order.id);
              done.order++;
            } else if (orders.length) {
              const id = orders[c.pick % orders.length]!;
              const [o] = await t.db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.id, id));
              await moveOrder(t.db, {
                orderId: id,
                to: c.type === 'cancel' ? 5 : Math.min(o!.status + 1, 4),
                actorId: users[0]!,
                now,
                cache: t.cache,
              });
              done[c.type]++;
            }
          } catch (err) {
            // Business refusals (too few points, no stock, an impossible move) are expected; nothing else is.
            if (!(err instanceof AppError) || !expectedRefusals.has(err.code)) throw err;
            done.refused++;
          }
        }
        await assertInvariants(t.db);
      }),
      { numRuns: 25, seed: 20261123 },
    );
    console.log(`ledger property: ${JSON.stringify(done)}`);
    // A share of every kind of command went through: the invariants were checked on real traffic.
    expect(done.load).toBeGreaterThan(10);
    expect(done.order).toBeGreaterThan(10);
    expect(done.cancel).toBeGreaterThan(0);
    expect(done.advance).toBeGreaterThan(0);
    expect(done.refused).toBeLessThan(done.load + done.order + done.cancel + done.advance);
  }, 120_000);
});

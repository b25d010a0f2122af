import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';

let t: TestApp;
const who: Record<string, string> = {};
let product: typeof s.products.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana', 'admin', 'luis', 'super']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
  [product] = (await t.db.select().from(s.products).where(eq(s.products.slug, 'termo-de-acero'))) as [typeof product];
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const post = (u: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/inventory', headers: u ? as(who[u]) : { origin: 'http://localhost:3000' }, payload });
const stockOf = async (id: number) =>
  (await t.db.select({ stock: s.products.stock }).from(s.products).where(eq(s.products.id, id)))[0]!.stock;

describe('inventory movements', () => {
  it('restocks and adjusts atomically, listing who and when', async () => {
    const start = await stockOf(product.id);
    const restock = await post('admin', { productId: product.id, delta: 10, reason: 'Llegó pedido del proveedor' });
    expect(restock.statusCode).toBe(201);
    expect(restock.json().data).toMatchObject({
      productId: product.id,
      productName: 'Termo de acero',
      delta: 10,
      stockAfter: start + 10,
      createdByName: 'Alberto',
    });
    const adjust = await post('admin', { productId: product.id, delta: -3, reason: 'Tres piezas dañadas' });
    expect(adjust.json().data.stockAfter).toBe(start + 7);
    expect(await stockOf(product.id)).toBe(start + 7);
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/inventory/?storeId=1&productId=${product.id}`, headers: as(who.admin) })
    ).json();
    expect(list.data.map((m: { delta: number }) => m.delta)).toEqual([-3, 10, start]);
    const one = await t.app.inject({ method: 'GET', url: `/api/inventory/${adjust.json().data.id}`, headers: as(who.admin) });
    expect(one.json().data.reason).toBe('Tres piezas dañadas');
  });

  it('never takes stock below zero, and writes nothing when refused', async () => {
    const before = await stockOf(product.id);
    const [moves] = await t.db.$count(s.inventoryMovements).then((n) => [n]);
    const res = await post('admin', { productId: product.id, delta: -(before + 1), reason: 'Demasiado' });
    expect(res.statusCode).toBe(422);
    // Worded for the administrator: which product and how much it holds (docs/architecture.md P8).
    expect(res.json()).toMatchObject({ code: 'STOCK_BELOW_ZERO', details: { productId: product.id, stock: before } });
    expect(res.json().message).toBe(`Este cambio dejaría a ${product.name} con stock negativo (stock actual ${before})`);
    expect(await stockOf(product.id)).toBe(before);
    expect(await t.db.$count(s.inventoryMovements)).toBe(moves);
  });

  it('keeps stock whole under concurrent adjustments', async () => {
    const [item] = await t.db.select().from(s.products).where(eq(s.products.slug, 'mouse-inalambrico'));
    await setStock(t.db, item!.id, 10);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('admin', { productId: item!.id, delta: -1, reason: 'Venta en mostrador' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(await stockOf(item!.id)).toBe(0);
  });

  it('validates the body', async () => {
    const zero = await post('admin', { productId: product.id, delta: 0, reason: 'Nada' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details[0].field).toBe('body.delta');
    const noReason = await post('admin', { productId: product.id, delta: 1 });
    expect(noReason.json().details[0].field).toBe('body.reason');
    expect((await post('admin', { productId: product.id, delta: 1, reason: 'ok!', extra: 1 })).statusCode).toBe(400);
    expect((await post('admin', { productId: 999999, delta: 1, reason: 'Nada más' })).statusCode).toBe(404);
  });

  it('checks permissions: 401, 403 shopper, 403 other store', async () => {
    expect((await post(undefined, { productId: product.id, delta: 1, reason: 'x y z' })).statusCode).toBe(401);
    expect((await post('ana', { productId: product.id, delta: 1, reason: 'x y z' })).statusCode).toBe(403);
    const [foreign] = await t.db.select().from(s.products).where(eq(s.products.storeId, 2)).limit(1);
    const other = await post('admin', { productId: foreign!.id, delta: 1, reason: 'x y z' });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN_STORE');
    expect((await post('super', { productId: foreign!.id, delta: 1, reason: 'Reposición' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory/?storeId=2', headers: as(who.admin) })).statusCode).toBe(403);
  });

  it('lets the reason be corrected but never the amount; deleting is refused with the way forward', async () => {
    const created = (await post('admin', { productId: product.id, delta: 2, reason: 'Reposicion' })).json().data;
    const fixed = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${created.id}`,
      headers: as(who.admin),
      payload: { reason: 'Reposición semanal' },
    });
    expect(fixed.json().data).toMatchObject({ reason: 'Reposición semanal', delta: 2 });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/inventory/${created.id}`, headers: as(who.admin), payload: { delta: 5 } }))
        .statusCode,
    ).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/inventories/delete/${created.id}`, headers: as(who.admin) });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      code: 'LEDGER_APPEND_ONLY',
      message: 'Los movimientos de inventario son permanentes: registra un ajuste',
    });
    expect((await t.app.inject({ method: 'PUT', url: `/api/inventory/deactivate/${created.id}`, headers: as(who.admin) })).statusCode).toBe(
      409,
    );
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@rewards/shared/enums';
import type { Order } from '@rewards/shared/orders';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants, setStock } from '../../../test/invariants.ts';

// Order administration (docs/architecture.md A6.6, decision 0027): archive and restore, delete a canceled order, edit an order that was
// not delivered, and the timeline. Every test ends with the money invariants (docs/architecture.md A6.3, A6.4).

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

type Headers = Record<string, string>;
const balance = async (userId: number) => (await t.db.select({ p: s.users.points }).from(s.users).where(eq(s.users.id, userId)))[0]!.p;
const stock = async (productId: number) =>
  (await t.db.select({ n: s.products.stock }).from(s.products).where(eq(s.products.id, productId)))[0]!.n;

/** A shopper of store 1 with an order of two products (2 x 100 and 1 x 250 points), and an administrator of store 1. */
async function scene(p: { points?: number } = {}) {
  const shopper = await make.shopper({ points: p.points ?? 1000 });
  const admin = await make.admin({ stores: [1] });
  const a = await make.product({ price: 100, stock: 10 });
  const b = await make.product({ price: 250, stock: 10 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: shopper.headers,
    payload: {
      lines: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as Order;
  const lineOf = (productId: number) => order.lines.find((l) => l.productId === productId)!;
  return { shopper, admin, a, b, order, lineA: lineOf(a.id), lineB: lineOf(b.id) };
}

const put = (h: Headers, url: string) => t.app.inject({ method: 'PUT', url, headers: h });
const del = (h: Headers, url: string) => t.app.inject({ method: 'DELETE', url, headers: h });
const get = (h: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: h });
const edit = (h: Headers, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders/edit', headers: { ...h, ...(key ? { 'idempotency-key': key } : {}) }, payload });
const move = (h: Headers, id: number, status: number, cause?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${id}`, headers: h, payload: { status, cause } });
const adminIds = async (h: Headers, query = '') =>
  ((await get(h, `/api/orders/?pageSize=100${query}`)).json().data as Order[]).map((o) => o.id);

describe('archive and restore', () => {
  it('hides an archived order from the administrators’ lists unless asked for, keeps it for the shopper, moves nothing', async () => {
    const { shopper, admin, a, order } = await scene();
    const before = { points: await balance(shopper.id), stock: await stock(a.id) };
    const archived = await put(admin.headers, `/api/orders/deactivate/${order.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({ id: order.id, archived: true, status: OrderStatus.Pending, total: order.total });
    expect(await adminIds(admin.headers)).not.toContain(order.id);
    expect(await adminIds(admin.headers, '&archived=false')).not.toContain(order.id);
    expect(await adminIds(admin.headers, '&archived=true')).toContain(order.id);
    // The shopper still sees it, in the list and on its own.
    expect(((await get(shopper.headers, '/api/orders/user')).json().data as Order[]).map((o) => o.id)).toContain(order.id);
    expect((await get(shopper.headers, `/api/orders/detail/${order.id}`)).json().data.archived).toBe(true);
    // Twice is still archived; an archived order can still be moved.
    expect((await put(admin.headers, `/api/orders/deactivate/${order.id}`)).json().data.archived).toBe(true);
    expect({ points: await balance(shopper.id), stock: await stock(a.id) }).toEqual(before);
    const restored = await put(admin.headers, `/api/orders/activate/${order.id}`);
    expect(restored.json().data.archived).toBe(false);
    expect(await adminIds(admin.headers)).toContain(order.id);
    expect(await adminIds(admin.headers, '&archived=true')).not.toContain(order.id);
    expect({ points: await balance(shopper.id), stock: await stock(a.id) }).toEqual(before);
  });

  it('is for administrators of the order’s store (and super administrators) only', async () => {
    const { shopper, order } = await scene();
    const other = await make.admin({ stores: [2] });
    const root = await make.superAdmin();
    expect((await put(shopper.headers, `/api/orders/deactivate/${order.id}`)).statusCode).toBe(403);
    const foreign = await put(other.headers, `/api/orders/deactivate/${order.id}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN_STORE');
    expect((await t.app.inject({ method: 'PUT', url: `/api/orders/deactivate/${order.id}` })).statusCode).toBe(401);
    expect((await put(root.headers, '/api/orders/deactivate/999999')).statusCode).toBe(404);
    expect((await put(root.headers, `/api/orders/deactivate/${order.id}`)).json().data.archived).toBe(true);
    expect((await put(root.headers, `/api/orders/activate/${order.id}`)).json().data.archived).toBe(false);
  });
});

describe('delete', () => {
  it('refuses an order that is not canceled with ORDER_NOT_CANCELED, in the reader’s language', async () => {
    const { admin, order } = await scene();
    const es = await del(admin.headers, `/api/orders/delete/${order.id}`);
    expect(es.statusCode).toBe(409);
    expect(es.json()).toMatchObject({ code: 'ORDER_NOT_CANCELED', details: { status: 1 } });
    expect(es.json().message).toContain('cancélalo primero');
    const en = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete/${order.id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(en.json().message).toContain('cancel it first');
    expect((await get(admin.headers, `/api/orders/detail/${order.id}`)).statusCode).toBe(200);
  });

  it('deletes a canceled order softly: gone from every list and page, its ledger rows and movements stay', async () => {
    const { shopper, admin, a, b, order } = await scene();
    const start = await balance(shopper.id);
    const other = await make.admin({ stores: [2] });
    expect((await move(admin.headers, order.id, OrderStatus.Canceled, 'Sin stock')).statusCode).toBe(200);
    const refunded = await balance(shopper.id);
    expect(refunded).toBe(start + order.total);
    expect((await del(shopper.headers, `/api/orders/delete/${order.id}`)).statusCode).toBe(403);
    expect((await del(other.headers, `/api/orders/delete/${order.id}`)).json().code).toBe('FORBIDDEN_STORE');
    const res = await del(admin.headers, `/api/orders/delete/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: order.id, status: OrderStatus.Canceled });
    // Gone for everybody.
    expect((await get(admin.headers, `/api/orders/detail/${order.id}`)).statusCode).toBe(404);
    expect((await get(shopper.headers, `/api/orders/tracking/${order.id}`)).statusCode).toBe(404);
    expect(await adminIds(admin.headers)).not.toContain(order.id);
    expect(await adminIds(admin.headers, '&archived=true')).not.toContain(order.id);
    expect(((await get(shopper.headers, '/api/orders/user')).json().data as Order[]).map((o) => o.id)).not.toContain(order.id);
    expect((await del(admin.headers, `/api/orders/delete/${order.id}`)).statusCode).toBe(404);
    expect((await put(admin.headers, `/api/orders/activate/${order.id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/shoppingCart/fromOrder/${order.id}`, headers: shopper.headers })).statusCode,
    ).toBe(404);
    // The money and stock history is whole: the order's debit and its refund, the movements out and back.
    const ledger = await t.db
      .select({ value: s.pointTransactions.value, kind: s.pointTransactions.kind })
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.refType, 'order'), eq(s.pointTransactions.refId, order.id)));
    expect(ledger.sort((x, y) => x.value - y.value)).toEqual([
      { value: -order.total, kind: 'order' },
      { value: order.total, kind: 'refund' },
    ]);
    expect(await balance(shopper.id)).toBe(refunded);
    for (const product of [a, b]) {
      const moves = await t.db.execute(sql`select count(*)::int as n from inventory_movements where product_id = ${product.id}`);
      expect((moves.rows[0] as { n: number }).n).toBe(3); // initial stock, the order, the cancellation
    }
    const [row] = await t.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.deletedBy).toBe(admin.id);
  });
});

describe('edit', () => {
  it('lowers a quantity: the shopper gets exactly the difference back, the stock returns, the timeline and a notification say so', async () => {
    const { shopper, admin, a, order, lineA } = await scene();
    const before = { points: await balance(shopper.id), stock: await stock(a.id) };
    const res = await edit(admin.headers, { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 1 }], reason: 'Solo queda uno' });
    expect(res.statusCode, res.body).toBe(201);
    const edited = res.json().data as Order;
    expect(edited.total).toBe(order.total - 100);
    expect(edited.lines.find((l) => l.id === lineA.id)!.quantity).toBe(1);
    expect(await balance(shopper.id)).toBe(before.points + 100);
    expect(await stock(a.id)).toBe(before.stock + 1);
    const step = edited.tracking.at(-1)!;
    expect(step).toMatchObject({
      status: OrderStatus.Pending,
      cause: 'Solo queda uno',
      comment: null,
      by: expect.stringContaining('Factory'),
      edit: { points: 100, changes: { lines: [{ lineId: lineA.id, productId: a.id, name: a.name, from: 2, to: 1 }], comment: null } },
    });
    const [refund] = await t.db
      .select()
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.refId, order.id), eq(s.pointTransactions.kind, 'refund')));
    expect(refund).toMatchObject({ value: 100, refType: 'order', createdBy: admin.id });
    const [movement] = await t.db
      .select()
      .from(s.inventoryMovements)
      .where(and(eq(s.inventoryMovements.productId, a.id), eq(s.inventoryMovements.reason, `Order #${order.id} edited`)));
    expect(movement).toMatchObject({ delta: 1 });
    const notes = await t.db
      .select({ description: s.notifications.description, url: s.notifications.url })
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, shopper.id), eq(s.notifications.itemType, 'ordersUpdate')));
    expect(notes).toEqual([{ description: `Order #${order.id}: edited`, url: '/myOrders' }]);
    // The timeline the web reads, for the shopper and for the store's administrator.
    for (const who of [shopper, admin]) {
      const timeline = await get(who.headers, `/api/orders/tracking/${order.id}`);
      expect(timeline.statusCode).toBe(200);
      expect(timeline.json().data.idOrder).toBe(order.id);
      expect(timeline.json().data.track.map((x: { edit: unknown }) => x.edit !== null)).toEqual([false, true]);
    }
  });

  it('raises a quantity (a debit and stock taken), removes a line and sets the comment, in one edit', async () => {
    const { shopper, admin, a, b, order, lineA, lineB } = await scene();
    const before = { points: await balance(shopper.id), a: await stock(a.id), b: await stock(b.id) };
    const res = await edit(admin.headers, {
      orderId: order.id,
      lines: [
        { lineId: lineA.id, quantity: 5 },
        { lineId: lineB.id, quantity: 0 },
      ],
      comment: 'Cambiamos la gorra por más termos',
      reason: 'Pedido por teléfono',
    });
    expect(res.statusCode, res.body).toBe(201);
    const edited = res.json().data as Order;
    // +3 x 100 debited, 1 x 250 refunded: 50 more charged.
    expect(edited.total).toBe(500);
    expect(edited.lines.map((l) => [l.productId, l.quantity])).toEqual([[a.id, 5]]);
    expect(edited.comment).toBe('Cambiamos la gorra por más termos');
    expect(await balance(shopper.id)).toBe(before.points - 50);
    expect(await stock(a.id)).toBe(before.a - 3);
    expect(await stock(b.id)).toBe(before.b + 1);
    expect(edited.tracking.at(-1)).toMatchObject({
      cause: 'Pedido por teléfono',
      comment: 'Cambiamos la gorra por más termos',
      edit: { points: -50, changes: { comment: { from: null, to: 'Cambiamos la gorra por más termos' } } },
    });
    // A comment-only edit moves no points; '' clears the comment.
    const points = await balance(shopper.id);
    const cleared = await edit(admin.headers, { orderId: order.id, comment: '', reason: 'Sin comentario' });
    expect(cleared.json().data).toMatchObject({ comment: null, total: 500 });
    expect(cleared.json().data.tracking.at(-1).edit).toMatchObject({ points: 0, changes: { lines: [] } });
    expect(await balance(shopper.id)).toBe(points);
  });

  it('refuses a debit the balance cannot cover (CUSTOMER_NOT_ENOUGH_POINTS) and stock that is not there (STOCK_BELOW_ZERO), moving nothing', async () => {
    const { shopper, admin, a, order, lineA } = await scene({ points: 450 }); // 450 - 450 = 0 left
    const before = { points: await balance(shopper.id), stock: await stock(a.id) };
    expect(before.points).toBe(0);
    const poor = await edit(admin.headers, { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 3 }], reason: 'Uno más' });
    expect(poor.statusCode).toBe(422);
    // Worded for the administrator who edits, naming the customer (docs/architecture.md P8), not the shop's purchase message.
    const name = [shopper.name, shopper.lastName].filter(Boolean).join(' ');
    expect(poor.json()).toMatchObject({
      code: 'CUSTOMER_NOT_ENOUGH_POINTS',
      details: { userId: shopper.id, name, total: 100, balance: 0 },
    });
    expect(poor.json().message).toBe(
      `${name} no tiene puntos suficientes para este cambio: requiere 100 puntos más y su saldo actual es de 0`,
    );
    // Enough points now, but not enough stock.
    await t.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: admin.headers,
      payload: { userId: shopper.id, value: 1000, description: 'Saldo de prueba' },
    });
    const rich = await balance(shopper.id);
    await setStock(t.db, a.id, 1);
    const short = await edit(admin.headers, { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 4 }], reason: 'Dos más' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'STOCK_BELOW_ZERO', details: { productId: a.id, stock: 1 } });
    expect(short.json().message).toBe(`Este cambio dejaría a ${a.name} con stock negativo (stock actual 1)`);
    expect(await balance(shopper.id)).toBe(rich);
    expect(await stock(a.id)).toBe(1);
    const [row] = await t.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row!.total).toBe(order.total);
    expect(await t.db.$count(s.orderEdits, eq(s.orderEdits.orderId, order.id))).toBe(0);
  });

  it('edits only orders that were not delivered or canceled, and checks what it is sent', async () => {
    const { admin, order, lineA, lineB } = await scene();
    const bad = async (payload: object) => {
      const res = await edit(admin.headers, { orderId: order.id, reason: 'Corrección', ...payload });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().details as { field: string }[]).map((d) => d.field);
    };
    expect(await bad({ lines: [{ lineId: lineA.id, quantity: 1 }], reason: undefined })).toEqual(['body.reason']);
    expect(await bad({ lines: [{ lineId: lineA.id, quantity: 6 }] })).toEqual(['body.lines.0.quantity']);
    expect(
      await bad({
        lines: [
          { lineId: lineA.id, quantity: 1 },
          { lineId: lineA.id, quantity: 3 },
        ],
      }),
    ).toEqual(['body.lines.1.lineId']);
    expect(await bad({ lines: [{ lineId: 999999, quantity: 1 }] })).toEqual(['body.lines.0.lineId']);
    expect(await bad({ lines: [{ lineId: lineA.id, quantity: 2 }] })).toEqual(['body.lines']); // nothing changes
    expect(
      await bad({
        lines: [
          { lineId: lineA.id, quantity: 0 },
          { lineId: lineB.id, quantity: 0 },
        ],
      }),
    ).toEqual(['body.lines']); // cancel it instead
    for (const status of [OrderStatus.InProgress, OrderStatus.OnTheWay]) {
      await move(admin.headers, order.id, status);
      const ok = await edit(admin.headers, { orderId: order.id, lines: [{ lineId: lineA.id, quantity: status + 1 }], reason: 'Ajuste' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data.tracking.at(-1).status).toBe(status);
    }
    await move(admin.headers, order.id, OrderStatus.Completed);
    const delivered = await edit(admin.headers, { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 1 }], reason: 'Tarde' });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ code: 'ORDER_NOT_EDITABLE', details: { status: OrderStatus.Completed } });
  });

  it('is for administrators of the order’s store (and super administrators) only', async () => {
    const { shopper, order, lineA } = await scene();
    const other = await make.admin({ stores: [2] });
    const root = await make.superAdmin();
    const payload = { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 1 }], reason: 'Corrección' };
    expect((await edit(shopper.headers, payload)).statusCode).toBe(403);
    const foreign = await edit(other.headers, payload);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN_STORE');
    expect((await edit(root.headers, { ...payload, orderId: 999999 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders/edit', payload })).statusCode).toBe(401);
    expect((await edit(root.headers, payload)).statusCode).toBe(201);
  });

  it('replays the same request with the same Idempotency-Key once, and refuses the key with another request', async () => {
    const { shopper, admin, a, order, lineA } = await scene();
    const before = { points: await balance(shopper.id), stock: await stock(a.id) };
    const payload = { orderId: order.id, lines: [{ lineId: lineA.id, quantity: 1 }], reason: 'Solo uno' };
    const first = await edit(admin.headers, payload, 'edit-key-0001');
    const again = await edit(admin.headers, payload, 'edit-key-0001');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await balance(shopper.id)).toBe(before.points + 100);
    expect(await stock(a.id)).toBe(before.stock + 1);
    expect(await t.db.$count(s.orderEdits, eq(s.orderEdits.orderId, order.id))).toBe(1);
    const other = await edit(admin.headers, { ...payload, reason: 'Otro motivo' }, 'edit-key-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Without a key, the same edit again changes nothing and says so.
    expect((await edit(admin.headers, payload)).statusCode).toBe(400);
    expect(await balance(shopper.id)).toBe(before.points + 100);
  });

  it('an edit racing a cancellation: one order of the two, and the shopper ends with every point and unit back', async () => {
    for (let round = 0; round < 5; round++) {
      const { shopper, admin, a, b, order, lineA, lineB } = await scene();
      const start = await balance(shopper.id);
      const stocks = { a: await stock(a.id), b: await stock(b.id) };
      const [edited, canceled] = await Promise.all([
        edit(admin.headers, {
          orderId: order.id,
          lines: [
            { lineId: lineA.id, quantity: 4 },
            { lineId: lineB.id, quantity: 0 },
          ],
          reason: 'Carrera',
        }),
        move(admin.headers, order.id, OrderStatus.Canceled, 'Carrera'),
      ]);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect([201, 409], edited.body).toContain(edited.statusCode);
      if (edited.statusCode === 409) expect(edited.json().code).toBe('ORDER_NOT_EDITABLE');
      // Canceled last, whatever won: the refund was the order's total at that moment.
      expect(await balance(shopper.id)).toBe(start + order.total);
      expect({ a: await stock(a.id), b: await stock(b.id) }).toEqual({ a: stocks.a + 2, b: stocks.b + 1 });
      await assertInvariants(t.db);
    }
  });
});

describe('timeline', () => {
  it('is read by the order’s shopper and its store’s administrators; anyone else gets 404', async () => {
    const { shopper, admin, order } = await scene();
    const stranger = await make.shopper();
    const other = await make.admin({ stores: [2] });
    const mine = await get(shopper.headers, `/api/orders/tracking/${order.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      idOrder: order.id,
      track: [
        {
          id: expect.any(Number),
          status: 1,
          cause: 'created',
          comment: null,
          by: expect.any(String),
          edit: null,
          createdAt: expect.any(String),
        },
      ],
    });
    expect((await get(admin.headers, `/api/orders/tracking/${order.id}`)).statusCode).toBe(200);
    expect((await get(stranger.headers, `/api/orders/tracking/${order.id}`)).statusCode).toBe(404);
    expect((await get(other.headers, `/api/orders/tracking/${order.id}`)).statusCode).toBe(404);
    expect((await get(shopper.headers, '/api/orders/tracking/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/tracking/${order.id}` })).statusCode).toBe(401);
  });
});

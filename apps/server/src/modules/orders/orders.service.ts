import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { INT32_MAX, type ListResponse, listResponse } from '@rewards/shared/common';
import { OrderStatus } from '@rewards/shared/enums';
import { canMoveOrder, type Order, type OrderCreate } from '@rewards/shared/orders';
import { addDays } from '@rewards/shared/program';
import { preparedRows, type Db, type DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { enqueueOrderApprovedMail } from '../mail/mail.service.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { startOfLocalDay } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-rules.ts';
import { postPoints } from '../points/points.service.ts';
import { findOrderable, moveStock } from '../products/products.service.ts';
import { firstPictures } from '../products/pictures.ts';

/** Order DTOs with lines (name, first picture) and tracking, for a page of orders. */
async function toOrders(db: DbOrTx, rows: (typeof s.orders.$inferSelect)[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const lines = await db
    .select({
      id: s.orderLines.id,
      orderId: s.orderLines.orderId,
      productId: s.orderLines.productId,
      name: s.products.name,
      quantity: s.orderLines.quantity,
      price: s.orderLines.price,
      status: s.orderLines.status,
    })
    .from(s.orderLines)
    .innerJoin(s.products, eq(s.products.id, s.orderLines.productId))
    .where(inArray(s.orderLines.orderId, ids))
    .orderBy(asc(s.orderLines.id));
  const pictures = await firstPictures(
    db,
    lines.map((l) => l.productId),
  );
  const tracking = await db.select().from(s.orderTracking).where(inArray(s.orderTracking.orderId, ids)).orderBy(asc(s.orderTracking.id));
  const customers = await db
    .select({ id: s.users.id, name: s.users.name, lastName: s.users.lastName, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.id, [...new Set(rows.map((o) => o.userId))]));
  const customer = (userId: number) => {
    const c = customers.find((u) => u.id === userId)!;
    return { name: [c.name, c.lastName].filter(Boolean).join(' '), email: c.email };
  };
  return rows.map((o) => ({
    id: o.id,
    userId: o.userId,
    customer: customer(o.userId),
    storeId: o.storeId,
    status: o.status,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _o, ...l }) => ({ ...l, picture: pictures.get(l.productId) ?? null })),
    tracking: tracking
      .filter((t) => t.orderId === o.id)
      .map((t) => ({ id: t.id, status: t.status, cause: t.cause, comment: t.comment, createdAt: t.createdAt.toISOString() })),
  }));
}

export async function getOrder(db: DbOrTx, id: number): Promise<Order> {
  const [row] = await db.select().from(s.orders).where(eq(s.orders.id, id));
  if (!row) throw notFound();
  return (await toOrders(db, [row]))[0]!;
}

/** Integers as a PostgreSQL array literal (one parameter, the same on PostgreSQL and PGlite). */
const intArrayLiteral = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * Fingerprint of an order request, stored with its Idempotency-Key: the lines in product order (their
 * order in the body does not matter), or "from cart" (the cart may change between a request and its
 * retry, the request does not).
 */
export function orderRequestHash(input: OrderCreate): string {
  const canonical =
    'lines' in input
      ? `lines:${[...input.lines]
          .sort((a, b) => a.productId - b.productId)
          .map((l) => `${l.productId}x${l.quantity}`)
          .join(',')}`
      : 'fromCart';
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Places an order atomically (docs/architecture.md A4) through `rs_place_order` (migration 0003):
 * the user's row and the products' rows are locked, store, stock and points are checked under those
 * locks, then stock, order, lines, tracking, balance, `order` transaction, notification and cart
 * clean-up are written, all in one statement; any failure leaves nothing behind. The same
 * Idempotency-Key with the same request returns the first order; with another request it is
 * IDEMPOTENCY_KEY_REUSED (422). It runs in the database because this is the hottest write
 * of the product and each round trip costs more than the work (bench/orders.mjs, decision 0003).
 */
export async function createOrder(
  db: Db,
  p: { userId: number; input: OrderCreate; idempotencyKey?: string; now: Date; redemptionOpen: boolean },
): Promise<{ order: Order; replayed: boolean }> {
  const lines = 'lines' in p.input ? p.input.lines : [];
  let result: { replayed?: number } & Partial<Omit<Order, 'userId'>>;
  try {
    const [row] = await preparedRows<{ result: unknown }>(
      db,
      'rs_place_order',
      'select rs_place_order($1, $2::int[], $3::int[], $4, $5, $6, $7::timestamptz, $8) as result',
      [
        p.userId,
        intArrayLiteral(lines.map((l) => l.productId)),
        intArrayLiteral(lines.map((l) => l.quantity)),
        'fromCart' in p.input,
        p.idempotencyKey ?? null,
        p.idempotencyKey ? orderRequestHash(p.input) : null,
        p.now.toISOString(),
        p.redemptionOpen,
      ],
    );
    const raw = row!.result;
    result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as typeof result;
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
  if (result.replayed !== undefined) return { order: await getOrder(db, result.replayed), replayed: true };
  const order: Order = {
    id: result.id!,
    userId: p.userId,
    customer: result.customer!,
    storeId: result.storeId!,
    status: result.status!,
    total: result.total!,
    createdAt: new Date(result.createdAt!).toISOString(),
    lines: result.lines!,
    tracking: result.tracking!.map((x) => ({ ...x, createdAt: new Date(x.createdAt).toISOString() })),
  };
  return { order, replayed: false };
}

/**
 * Moves an order along the allowed states (1->2, 2->3, 3->4, 1|2|3->5). Lines follow the order's status;
 * each move is a tracking row and a notification; cancelling refunds the points and returns the stock.
 */
export async function moveOrder(
  db: DbOrTx,
  p: { orderId: number; to: number; cause?: string; comment?: string; actorId: number; now: Date },
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, p.orderId)).for('update');
    if (!order) throw notFound();
    if (!canMoveOrder(order.status, p.to)) throw new AppError('INVALID_STATUS_MOVE', { from: order.status, to: p.to });
    await tx.update(s.orders).set({ status: p.to, updatedAt: p.now }).where(eq(s.orders.id, order.id));
    await tx.update(s.orderLines).set({ status: p.to }).where(eq(s.orderLines.orderId, order.id));
    await tx
      .insert(s.orderTracking)
      .values({ orderId: order.id, status: p.to, cause: p.cause, comment: p.comment, createdBy: p.actorId, createdAt: p.now });
    if (p.to === OrderStatus.Canceled) {
      if (order.total > 0)
        await postPoints(tx, {
          userId: order.userId,
          value: order.total,
          kind: 'refund',
          description: `Refund of order #${order.id}`,
          refType: 'order',
          refId: order.id,
          createdBy: p.actorId,
          now: p.now,
        });
      // The stock comes back as movements (moveStock), products in id order like every lock of products.
      const lines = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(asc(s.orderLines.productId));
      for (const l of lines)
        await moveStock(tx, {
          productId: l.productId,
          delta: l.quantity,
          reason: `Order #${order.id} canceled`,
          actorId: p.actorId,
          now: p.now,
        });
    }
    // The follow-up notice of an approved order, in the customer's language when it is sent (mail module).
    if (p.to === OrderStatus.InProgress) await enqueueOrderApprovedMail(tx, { orderId: order.id, userId: order.userId, now: p.now });
    await tx.insert(s.notifications).values({
      userId: order.userId,
      itemType: 'ordersUpdate',
      description: `Order #${order.id}: status ${p.to}`,
      url: '/myOrders',
      createdAt: p.now,
    });
  });
  return getOrder(db, p.orderId);
}

export async function listOrders(
  db: DbOrTx,
  q: {
    page: number;
    pageSize: number;
    userId?: number;
    storeIds?: number[] | null;
    status?: number;
    search?: string;
    from?: string;
    to?: string;
    timeZone: string;
  },
): Promise<ListResponse<Order>> {
  const conditions: SQL[] = [];
  if (q.userId) conditions.push(eq(s.orders.userId, q.userId));
  if (q.storeIds) conditions.push(q.storeIds.length ? inArray(s.orders.storeId, q.storeIds) : sql`false`);
  if (q.status) conditions.push(eq(s.orders.status, q.status));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      inArray(
        s.orders.userId,
        db
          .select({ id: s.users.id })
          .from(s.users)
          .where(or(ilike(s.users.email, like), ilike(sql`${s.users.name} || ' ' || coalesce(${s.users.lastName}, '')`, like))),
      ),
    );
  }
  // Whole local days of the program time zone.
  if (q.from) conditions.push(gte(s.orders.createdAt, startOfLocalDay(q.from, q.timeZone)));
  if (q.to) conditions.push(lt(s.orders.createdAt, startOfLocalDay(addDays(q.to, 1), q.timeZone)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(s.orders)
      .where(where)
      .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.orders).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(await toOrders(db, rows), q, totalCount);
}

/**
 * The legacy `POST /api/orders/orderDetail` (administrators only): adds a line to a pending order in one
 * transaction, with everything the line implies (stock taken, the customer's points debited with an
 * `Order #id` transaction, the order's total raised), so an order's total and the ledger never disagree.
 * The price is the product's current price; a stale one from the client is refused.
 */
export async function addOrderLine(
  db: DbOrTx,
  p: { orderId: number; productId: number; quantity: number; price?: number; status?: number; userId?: number; actorId: number; now: Date },
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, p.orderId)).for('update');
    if (!order) throw notFound();
    if (p.userId !== undefined && p.userId !== order.userId)
      throw new AppError('VALIDATION_FAILED', [{ field: 'body.userId', message: 'Not the customer of this order', code: 'custom' }]);
    if (p.status !== undefined && p.status !== order.status) throw new AppError('STATUS_MISMATCH', { orderStatus: order.status });
    if (order.status !== OrderStatus.Pending) throw new AppError('ORDER_NOT_PENDING', { status: order.status });
    // Orderable in the order's store, by the same rule as the shop, the cart and rs_place_order.
    const product = await findOrderable(tx, p.productId, order.storeId);
    if (p.price !== undefined && p.price !== product.price) throw new AppError('CONFLICT', { price: product.price });
    // Exact in JavaScript (at most 1e9 x 1000); past int32 it is more than any balance (NOT_ENOUGH_POINTS).
    const amount = product.price * p.quantity;
    // Locks in the same order as createOrder and moveOrder (order, user, products): no deadlock cycle.
    if (amount > 0)
      await postPoints(tx, {
        userId: order.userId,
        value: -amount,
        kind: 'order',
        description: `Order #${order.id}`,
        refType: 'order',
        refId: order.id,
        createdBy: p.actorId,
        now: p.now,
      });
    await moveStock(tx, { productId: product.id, delta: -p.quantity, reason: `Order #${order.id}`, actorId: p.actorId, now: p.now });
    await tx.insert(s.orderLines).values({
      orderId: order.id,
      productId: product.id,
      categoryId: product.categoryId,
      quantity: p.quantity,
      price: product.price,
      status: order.status,
    });
    const [raised] = await tx
      .update(s.orders)
      .set({ total: sql`${s.orders.total} + ${amount}`, updatedAt: p.now })
      .where(and(eq(s.orders.id, order.id), lte(s.orders.total, INT32_MAX - amount)))
      .returning({ id: s.orders.id });
    if (!raised) throw new AppError('AMOUNT_TOO_LARGE', { total: order.total, amount });
  });
  return getOrder(db, p.orderId);
}

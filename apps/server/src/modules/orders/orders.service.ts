import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ListResponse } from '@rewards/shared/common';
import { OrderStatus } from '@rewards/shared/enums';
import { canMoveOrder, type Order, type OrderCreate } from '@rewards/shared/orders';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { postPoints } from '../points/points.service.ts';

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
  const pictures = lines.length
    ? await db
        .select({ productId: s.productImages.productId, url: s.productImages.url })
        .from(s.productImages)
        .where(inArray(s.productImages.productId, [...new Set(lines.map((l) => l.productId))]))
        .orderBy(asc(s.productImages.position))
    : [];
  const tracking = await db.select().from(s.orderTracking).where(inArray(s.orderTracking.orderId, ids)).orderBy(asc(s.orderTracking.id));
  return rows.map((o) => ({
    id: o.id,
    userId: o.userId,
    storeId: o.storeId,
    status: o.status,
    total: o.total,
    createdAt: o.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map(({ orderId: _o, ...l }) => ({ ...l, picture: pictures.find((p) => p.productId === l.productId)?.url ?? null })),
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

/** A conditional decrement: stock never goes below 0 (OUT_OF_STOCK instead). */
async function takeStock(tx: DbOrTx, product: { id: number; name: string }, quantity: number) {
  const [taken] = await tx
    .update(s.products)
    .set({ stock: sql`${s.products.stock} - ${quantity}` })
    .where(and(eq(s.products.id, product.id), gte(s.products.stock, quantity)))
    .returning({ id: s.products.id });
  if (!taken) throw new AppError('OUT_OF_STOCK', 422, { productId: product.id, name: product.name });
}

/**
 * Places an order in ONE transaction (ARCHITECTURE.md section 4): the user's row is locked, then the
 * store, stock (conditional decrements) and points (conditional debit) are checked and changed, the
 * order, lines, tracking, `order` transaction, notification and cart clean-up are written. Any failure
 * leaves nothing behind. The same Idempotency-Key returns the first order.
 */
export async function createOrder(
  db: DbOrTx,
  p: { userId: number; input: OrderCreate; idempotencyKey?: string; now: Date; redemptionOpen: boolean },
): Promise<{ order: Order; replayed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(s.users).where(eq(s.users.id, p.userId)).for('update');
    if (!user) throw notFound();
    if (user.active !== 1) throw new AppError('USER_INACTIVE', 403);
    if (p.idempotencyKey) {
      const [previous] = await tx
        .select({ id: s.orders.id })
        .from(s.orders)
        .where(and(eq(s.orders.userId, p.userId), eq(s.orders.idempotencyKey, p.idempotencyKey)));
      if (previous) return { id: previous.id, replayed: true };
    }
    if (!p.redemptionOpen) throw new AppError('REDEMPTION_CLOSED', 422);

    const input = p.input;
    const fromCart = 'fromCart' in input;
    const wanted = new Map<number, number>();
    if ('fromCart' in input) {
      const cart = await tx
        .select({ productId: s.cartItems.productId, quantity: s.cartItems.quantity })
        .from(s.cartItems)
        .where(eq(s.cartItems.userId, p.userId));
      for (const c of cart) wanted.set(c.productId, c.quantity);
    } else {
      for (const l of input.lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    }
    if (wanted.size === 0) throw new AppError('CART_EMPTY', 422);

    const products = await tx
      .select()
      .from(s.products)
      .where(inArray(s.products.id, [...wanted.keys()]));
    for (const id of wanted.keys()) {
      const product = products.find((x) => x.id === id);
      if (!product || !product.active) throw new AppError('NOT_FOUND', 404, { productId: id });
      if (product.storeId !== user.storeId) throw new AppError('NOT_AVAILABLE_IN_STORE', 422, { productId: id });
    }
    const total = products.reduce((n, x) => n + x.price * wanted.get(x.id)!, 0);

    // The user's row is locked: the balance read above cannot change before the debit below.
    if (user.points < total) throw new AppError('NOT_ENOUGH_POINTS', 422, { total, balance: user.points });

    // Stock in product-id order, so concurrent orders never wait on each other in a cycle.
    for (const product of [...products].sort((a, b) => a.id - b.id)) await takeStock(tx, product, wanted.get(product.id)!);

    const [order] = await tx
      .insert(s.orders)
      .values({
        userId: p.userId,
        storeId: user.storeId!,
        status: OrderStatus.Pending,
        total,
        idempotencyKey: p.idempotencyKey,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning();
    await tx.insert(s.orderLines).values(
      products.map((x) => ({
        orderId: order!.id,
        productId: x.id,
        categoryId: x.categoryId,
        quantity: wanted.get(x.id)!,
        price: x.price,
        status: OrderStatus.Pending,
      })),
    );
    await tx
      .insert(s.orderTracking)
      .values({ orderId: order!.id, status: OrderStatus.Pending, cause: 'created', createdBy: p.userId, createdAt: p.now });
    await postPoints(tx, {
      userId: p.userId,
      value: -total,
      kind: 'order',
      description: `Order #${order!.id}`,
      refType: 'order',
      refId: order!.id,
      createdBy: p.userId,
      now: p.now,
    });
    if (fromCart)
      await tx.delete(s.cartItems).where(and(eq(s.cartItems.userId, p.userId), inArray(s.cartItems.productId, [...wanted.keys()])));
    await tx
      .insert(s.notifications)
      .values({ userId: p.userId, itemType: 'orders', description: `Order #${order!.id}`, url: '/myOrders', createdAt: p.now });
    return { id: order!.id, replayed: false };
  });
  return { order: await getOrder(db, result.id), replayed: result.replayed };
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
    if (!canMoveOrder(order.status, p.to)) throw new AppError('INVALID_STATUS_MOVE', 409, { from: order.status, to: p.to });
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
      const lines = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(asc(s.orderLines.productId));
      for (const l of lines)
        await tx
          .update(s.products)
          .set({ stock: sql`${s.products.stock} + ${l.quantity}` })
          .where(eq(s.products.id, l.productId));
    }
    if (p.to === OrderStatus.InProgress) {
      const [user] = await tx.select({ email: s.users.email, name: s.users.name }).from(s.users).where(eq(s.users.id, order.userId));
      await tx.insert(s.emailOutbox).values({
        toAddress: user!.email,
        subject: `Order #${order.id} approved`,
        bodyText: `Hi ${user!.name}, your order #${order.id} was approved. The provider will send you a follow-up e-mail; you have 10 days from the final redemption link to complete your selection.`,
        createdAt: p.now,
      });
    }
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
  q: { page: number; pageSize: number; userId?: number; storeIds?: number[] | null; status?: number; from?: string; to?: string },
): Promise<ListResponse<Order>> {
  const conditions: SQL[] = [];
  if (q.userId) conditions.push(eq(s.orders.userId, q.userId));
  if (q.storeIds) conditions.push(q.storeIds.length ? inArray(s.orders.storeId, q.storeIds) : sql`false`);
  if (q.status) conditions.push(eq(s.orders.status, q.status));
  if (q.from) conditions.push(gte(s.orders.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conditions.push(lt(s.orders.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
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
  return { data: await toOrders(db, rows), page: q.page, pageSize: q.pageSize, totalCount, totalPages: Math.ceil(totalCount / q.pageSize) };
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
      throw new AppError('VALIDATION_FAILED', 400, { fieldErrors: { userId: ['not the customer of this order'] } });
    if (p.status !== undefined && p.status !== order.status) throw new AppError('STATUS_MISMATCH', 409, { orderStatus: order.status });
    if (order.status !== OrderStatus.Pending) throw new AppError('ORDER_NOT_PENDING', 409, { status: order.status });
    const [product] = await tx.select().from(s.products).where(eq(s.products.id, p.productId));
    if (!product || !product.active) throw new AppError('NOT_FOUND', 404, { productId: p.productId });
    if (product.storeId !== order.storeId) throw new AppError('NOT_AVAILABLE_IN_STORE', 422, { productId: p.productId });
    if (p.price !== undefined && p.price !== product.price) throw new AppError('CONFLICT', 409, { price: product.price });
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
    await takeStock(tx, product, p.quantity);
    await tx.insert(s.orderLines).values({
      orderId: order.id,
      productId: product.id,
      categoryId: product.categoryId,
      quantity: p.quantity,
      price: product.price,
      status: order.status,
    });
    await tx
      .update(s.orders)
      .set({ total: sql`${s.orders.total} + ${amount}`, updatedAt: p.now })
      .where(eq(s.orders.id, order.id));
  });
  return getOrder(db, p.orderId);
}

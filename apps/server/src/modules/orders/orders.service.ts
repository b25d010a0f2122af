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

/** Integers as a PostgreSQL array literal (one parameter, the same on PostgreSQL and PGlite). */
const intArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/**
 * Places an order in ONE transaction (ARCHITECTURE.md section 4): the user's row and the products'
 * rows are locked, store, stock and points are checked, then stock, order, lines, tracking, balance,
 * `order` transaction, notification and cart clean-up are written. Any failure leaves nothing behind.
 * The same Idempotency-Key returns the first order.
 *
 * This is the hottest write of the product, so it keeps round trips few (benchmarked by
 * bench/orders.mjs): the idempotency check rides on the user lock, and every write is one statement of
 * data-modifying CTEs that also answers the order, its lines and tracking for the response.
 */
export async function createOrder(
  db: DbOrTx,
  p: { userId: number; input: OrderCreate; idempotencyKey?: string; now: Date; redemptionOpen: boolean },
): Promise<{ order: Order; replayed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        user: s.users,
        previous: p.idempotencyKey
          ? sql<
              number | null
            >`(select ${s.orders.id} from ${s.orders} where ${s.orders.userId} = ${p.userId} and ${s.orders.idempotencyKey} = ${p.idempotencyKey})`
          : sql<null>`null`,
      })
      .from(s.users)
      .where(eq(s.users.id, p.userId))
      .for('update', { of: s.users });
    if (!locked) throw notFound();
    const user = locked.user;
    if (user.active !== 1) throw new AppError('USER_INACTIVE', 403);
    if (locked.previous != null) return { replayed: Number(locked.previous) };
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

    // The products are locked in id order, so concurrent orders never wait on each other in a cycle,
    // and their stock cannot change between the check below and the decrement.
    const products = await tx
      .select()
      .from(s.products)
      .where(inArray(s.products.id, [...wanted.keys()]))
      .orderBy(asc(s.products.id))
      .for('update');
    for (const id of wanted.keys()) {
      const product = products.find((x) => x.id === id);
      if (!product || !product.active) throw new AppError('NOT_FOUND', 404, { productId: id });
      if (product.storeId !== user.storeId) throw new AppError('NOT_AVAILABLE_IN_STORE', 422, { productId: id });
    }
    const total = products.reduce((n, x) => n + x.price * wanted.get(x.id)!, 0);
    // The user's row is locked too: the balance read above cannot change before the debit below.
    if (user.points < total) throw new AppError('NOT_ENOUGH_POINTS', 422, { total, balance: user.points });
    const short = products.find((x) => x.stock < wanted.get(x.id)!);
    if (short) throw new AppError('OUT_OF_STOCK', 422, { productId: short.id, name: short.name });

    // Everything else in one statement; CHECK (points >= 0) and CHECK (stock >= 0) stand behind the
    // checks made above under the locks.
    const pending = OrderStatus.Pending;
    const ids = intArray(products.map((x) => x.id));
    const quantities = intArray(products.map((x) => wanted.get(x.id)!));
    const written = await tx.execute(sql`
      with stock as (
        update ${s.products} p set stock = p.stock - w.quantity
        from unnest(${ids}, ${quantities}) as w(product_id, quantity) where p.id = w.product_id),
      placed as (
        insert into ${s.orders} (user_id, store_id, status, total, idempotency_key, created_at, updated_at)
        values (${p.userId}, ${user.storeId}, ${pending}, ${total}, ${p.idempotencyKey ?? null}, ${p.now}, ${p.now})
        returning id, store_id, status, created_at),
      line as (
        insert into ${s.orderLines} (order_id, product_id, category_id, quantity, price, status)
        select placed.id, l.product_id, l.category_id, l.quantity, l.price, ${pending}
        from placed, unnest(${ids}, ${intArray(products.map((x) => x.categoryId))}, ${quantities}, ${intArray(products.map((x) => x.price))})
          as l(product_id, category_id, quantity, price)
        returning id, product_id, quantity, price, status),
      track as (
        insert into ${s.orderTracking} (order_id, status, cause, created_by, created_at)
        select placed.id, ${pending}, 'created', ${p.userId}, ${p.now} from placed
        returning id, status, cause, comment, created_at),
      balance as (
        update ${s.users} set points = points - ${total}, updated_at = ${p.now} where id = ${p.userId}),
      ledger as (
        insert into ${s.pointTransactions} (user_id, value, kind, description, ref_type, ref_id, created_by, created_at)
        select ${p.userId}, ${-total}, 'order', 'Order #' || placed.id, 'order', placed.id, ${p.userId}, ${p.now} from placed),
      notice as (
        insert into ${s.notifications} (user_id, item_type, description, url, created_at)
        select ${p.userId}, 'orders', 'Order #' || placed.id, '/myOrders', ${p.now} from placed),
      cart as (
        delete from ${s.cartItems}
        where ${fromCart ? sql`user_id = ${p.userId} and product_id = any(${ids})` : sql`false`})
      select placed.id, placed.store_id as "storeId", placed.status, placed.created_at as "createdAt",
        (select json_agg(json_build_object(
           'id', line.id, 'productId', line.product_id, 'quantity', line.quantity, 'price', line.price, 'status', line.status,
           'picture', (select i.url from ${s.productImages} i where i.product_id = line.product_id order by i.position limit 1))
         order by line.id) from line) as lines,
        (select json_agg(json_build_object('id', track.id, 'status', track.status, 'cause', track.cause, 'comment', track.comment,
           'createdAt', track.created_at)) from track) as tracking
      from placed`);
    const row = written.rows[0] as {
      id: number;
      storeId: number;
      status: number;
      createdAt: string | Date;
      lines: Omit<Order['lines'][number], 'name'>[];
      tracking: Order['tracking'];
    };
    const names = new Map(products.map((x) => [x.id, x.name]));
    const placed: Order = {
      id: row.id,
      userId: p.userId,
      storeId: row.storeId,
      status: row.status,
      total,
      createdAt: new Date(row.createdAt).toISOString(),
      lines: row.lines.map((l) => ({ ...l, name: names.get(l.productId)! })),
      tracking: row.tracking.map((x) => ({ ...x, createdAt: new Date(x.createdAt).toISOString() })),
    };
    return { placed };
  });
  if (result.placed) return { order: result.placed, replayed: false };
  return { order: await getOrder(db, result.replayed), replayed: true };
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

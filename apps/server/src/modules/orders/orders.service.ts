import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { INT32_MAX, type ListResponse, listResponse } from '@rewards/shared/common';
import { OrderStatus } from '@rewards/shared/enums';
import {
  canMoveOrder,
  editableOrderStatuses,
  type Order,
  type OrderCreate,
  type OrderEdit,
  type OrderEditChanges,
} from '@rewards/shared/orders';
import { addDays } from '@rewards/shared/program';
import { preparedRows, type Db, type DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { enqueueOrderApprovedMail } from '../mail/mail.service.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isRedemptionOpen, startOfLocalDay, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { keyedWrite, replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import type { CacheInvalidation } from '../../lib/response-cache.ts';
import { notify } from '../notifications/notifications.service.ts';
import { postPoints } from '../points/points.service.ts';
import { findOrderable } from '../products/products.service.ts';
import { adminStockRefusal, moveStock } from '../inventory/inventory.service.ts';
import { firstPictures } from '../products/pictures.service.ts';

/** An edit's changes as stored: the English name is '' in edits stored before names had two languages (docs/architecture.md A6.15). */
const editChangesOf = (c: OrderEditChanges): OrderEditChanges => ({ ...c, lines: c.lines.map((l) => ({ ...l, nameEn: l.nameEn ?? '' })) });

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
      nameEn: s.products.nameEn,
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
  const tracking = await db
    .select({
      id: s.orderTracking.id,
      orderId: s.orderTracking.orderId,
      status: s.orderTracking.status,
      cause: s.orderTracking.cause,
      comment: s.orderTracking.comment,
      createdAt: s.orderTracking.createdAt,
      by: sql<string | null>`concat_ws(' ', ${s.users.name}, ${s.users.lastName})`,
      editPoints: s.orderEdits.points,
      editChanges: s.orderEdits.changes,
    })
    .from(s.orderTracking)
    .leftJoin(s.users, eq(s.users.id, s.orderTracking.createdBy))
    .leftJoin(s.orderEdits, eq(s.orderEdits.id, s.orderTracking.editId))
    .where(inArray(s.orderTracking.orderId, ids))
    .orderBy(asc(s.orderTracking.id));
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
    comment: o.comment,
    archived: o.archivedAt !== null,
    createdAt: o.createdAt.toISOString(),
    lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _o, ...l }) => ({ ...l, picture: pictures.get(l.productId) ?? null })),
    tracking: tracking
      .filter((t) => t.orderId === o.id)
      .map((t) => ({
        id: t.id,
        status: t.status,
        cause: t.cause,
        comment: t.comment,
        // concat_ws of a missing user is '' (a step written by no one: seeds, jobs).
        by: t.by || null,
        edit: t.editPoints === null ? null : { points: t.editPoints, changes: editChangesOf(t.editChanges as OrderEditChanges) },
        createdAt: t.createdAt.toISOString(),
      })),
  }));
}

/** An order that was not deleted (a deleted one is NOT_FOUND everywhere). */
export async function getOrder(db: DbOrTx, id: number): Promise<Order> {
  const [row] = await db
    .select()
    .from(s.orders)
    .where(and(eq(s.orders.id, id), isNull(s.orders.deletedAt)));
  if (!row) throw notFound();
  return (await toOrders(db, [row]))[0]!;
}

/**
 * Fingerprint of an order request, stored with its Idempotency-Key: the lines in product order (their
 * order in the body does not matter), or "from cart" (the cart may change between a request and its
 * retry, the request does not).
 */
export function orderRequestHash(input: OrderCreate): string {
  return requestFingerprint(
    'lines' in input
      ? `lines:${[...input.lines]
          .sort((a, b) => a.productId - b.productId)
          .map((l) => `${l.productId}x${l.quantity}`)
          .join(',')}`
      : 'fromCart',
  );
}

/**
 * Places an order atomically (docs/architecture.md A4) through `rs_place_order` (db/functions/rs_place_order.sql), while the
 * program calendar accepts orders (else REDEMPTION_CLOSED):
 * the user's row and the products' rows are locked, store, stock and points are checked under those
 * locks, then stock, order, lines, tracking, balance, `order` transaction, notification and cart
 * clean-up are written, all in one statement; any failure leaves nothing behind. The same
 * Idempotency-Key with the same request returns the first order; with another request it is
 * IDEMPOTENCY_KEY_REUSED (422). It runs in the database because this is the hottest write
 * of the product and each round trip costs more than the work (bench/orders.mjs, decision 0003).
 */
export async function createOrder(
  db: Db,
  p: { userId: number; input: OrderCreate; idempotencyKey?: string; now: Date; calendar: CalendarRules; cache: CacheInvalidation },
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
        intArray(lines.map((l) => l.productId)),
        intArray(lines.map((l) => l.quantity)),
        'fromCart' in p.input,
        p.idempotencyKey ?? null,
        p.idempotencyKey ? orderRequestHash(p.input) : null,
        p.now.toISOString(),
        isRedemptionOpen(p.now, p.calendar),
      ],
    );
    const raw = row!.result;
    result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as typeof result;
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
  if (result.replayed !== undefined) return { order: await getOrder(db, result.replayed), replayed: true };
  // Stock changed: cached product pages and lists must not show the old availability.
  p.cache.invalidate();
  const order: Order = {
    id: result.id!,
    userId: p.userId,
    customer: result.customer!,
    storeId: result.storeId!,
    status: result.status!,
    total: result.total!,
    comment: null,
    archived: false,
    createdAt: new Date(result.createdAt!).toISOString(),
    lines: result.lines!,
    // The first step is the customer's own (rs_place_order writes it with their id), as getOrder reads it.
    tracking: result.tracking!.map((x) => ({
      ...x,
      by: result.customer!.name || null,
      edit: null,
      createdAt: new Date(x.createdAt).toISOString(),
    })),
  };
  return { order, replayed: false };
}

/**
 * Moves an order along the allowed states (1->2, 2->3, 3->4, 1|2|3->5). Lines follow the order's status;
 * each move is a tracking row and a notification; cancelling refunds the points and returns the stock.
 */
export async function moveOrder(
  db: DbOrTx,
  p: { orderId: number; to: number; cause?: string; comment?: string; actorId: number; now: Date; cache: CacheInvalidation },
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
          entries: [{ userId: order.userId, value: order.total }],
          kind: 'refund',
          description: `Refund of order #${order.id}`,
          descriptionKey: 'refund',
          descriptionValues: { id: order.id },
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
    await notify(tx, {
      to: [order.userId],
      itemType: 'ordersUpdate',
      description: `Order #${order.id}: status ${p.to}`,
      url: '/myOrders',
      at: p.now,
    });
  });
  // A cancellation returned the stock.
  if (p.to === OrderStatus.Canceled) p.cache.invalidate();
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
    /** true: archived orders only; false: the others; undefined (the customer's own list): both. */
    archived?: boolean;
    timeZone: string;
  },
): Promise<ListResponse<Order>> {
  const conditions: SQL[] = [isNull(s.orders.deletedAt)];
  if (q.archived !== undefined) conditions.push(q.archived ? isNotNull(s.orders.archivedAt) : isNull(s.orders.archivedAt));
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
  const where = and(...conditions);
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
 * Debits a customer for an administrator's change to their order (a line added, a quantity raised): a
 * balance that cannot cover it is CUSTOMER_NOT_ENOUGH_POINTS, worded for the administrator with the
 * customer's name, the points the change takes and the balance (docs/architecture.md P8), not the shop's
 * NOT_ENOUGH_POINTS. The name is read first: a refused statement ends what the transaction can still ask.
 */
async function debitCustomer(
  tx: DbOrTx,
  p: { userId: number; amount: number; description: string; orderId: number; edited?: boolean; actorId: number; now: Date },
) {
  const [customer] = await tx
    .select({ name: s.users.name, lastName: s.users.lastName, email: s.users.email })
    .from(s.users)
    .where(eq(s.users.id, p.userId));
  try {
    await postPoints(tx, {
      entries: [{ userId: p.userId, value: -p.amount }],
      kind: 'order',
      description: p.description,
      descriptionKey: 'order',
      descriptionValues: p.edited ? { id: p.orderId, edited: true } : { id: p.orderId },
      refType: 'order',
      refId: p.orderId,
      createdBy: p.actorId,
      now: p.now,
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'NOT_ENOUGH_POINTS') throw err;
    const { total, balance } = err.details as { total: number; balance: number };
    const name = customer ? [customer.name, customer.lastName].filter(Boolean).join(' ') || customer.email : `#${p.userId}`;
    throw new AppError('CUSTOMER_NOT_ENOUGH_POINTS', { userId: p.userId, name, total, balance });
  }
}

/**
 * The legacy `POST /api/orders/orderDetail` (administrators only): adds a line to a pending order in one
 * transaction, with everything the line implies (stock taken, the customer's points debited with an
 * `Order #id` transaction, the order's total raised), so an order's total and the ledger never disagree.
 * The price is the product's current price; a stale one from the client is refused.
 */
export async function addOrderLine(
  db: DbOrTx,
  p: {
    orderId: number;
    productId: number;
    quantity: number;
    price?: number;
    status?: number;
    userId?: number;
    actorId: number;
    now: Date;
    cache: CacheInvalidation;
  },
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, p.orderId)).for('update');
    if (!order) throw notFound();
    if (p.userId !== undefined && p.userId !== order.userId)
      throw new AppError('VALIDATION_FAILED', [{ field: 'body.userId', message: 'Not the customer of this order', code: 'custom' }]);
    if (p.status !== undefined && p.status !== order.status) throw new AppError('STATUS_MISMATCH', { orderStatus: order.status });
    if (order.status !== OrderStatus.Pending) throw new AppError('ORDER_NOT_PENDING', { status: order.status });
    // Orderable in the order's store, by the same rule as the shop, the cart and rs_place_order; the shop's
    // "not available in your store" speaks to a buyer, the administrator is told the product is another store's.
    const product = await findOrderable(tx, p.productId, order.storeId).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'NOT_AVAILABLE_IN_STORE' ? new AppError('PRODUCT_OTHER_STORE', err.details) : err;
    });
    if (p.price !== undefined && p.price !== product.price) throw new AppError('CONFLICT', { price: product.price });
    // Exact in JavaScript (at most 1e9 x 1000); past int32 it is more than any balance (CUSTOMER_NOT_ENOUGH_POINTS).
    const amount = product.price * p.quantity;
    // Locks in the same order as createOrder and moveOrder (order, user, products): no deadlock cycle.
    if (amount > 0)
      await debitCustomer(tx, {
        userId: order.userId,
        amount,
        description: `Order #${order.id}`,
        orderId: order.id,
        actorId: p.actorId,
        now: p.now,
      });
    await moveStock(tx, { productId: product.id, delta: -p.quantity, reason: `Order #${order.id}`, actorId: p.actorId, now: p.now }).catch(
      (err: unknown) => {
        throw adminStockRefusal(err);
      },
    );
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
  p.cache.invalidate();
  return getOrder(db, p.orderId);
}

/**
 * Archives an order (`archived`: true) or restores it, for the administrators' lists only: the customer
 * still sees it, and no points, stock or status move. Archiving twice keeps the first date.
 */
export async function setOrderArchived(db: DbOrTx, p: { orderId: number; archived: boolean; actorId: number; now: Date }): Promise<Order> {
  const rows = await db
    .update(s.orders)
    .set(
      p.archived
        ? { archivedAt: sql`coalesce(${s.orders.archivedAt}, ${p.now.toISOString()}::timestamptz)`, archivedBy: p.actorId }
        : { archivedAt: null, archivedBy: null },
    )
    .where(and(eq(s.orders.id, p.orderId), isNull(s.orders.deletedAt)))
    .returning({ id: s.orders.id });
  if (!rows.length) throw notFound();
  return getOrder(db, p.orderId);
}

/**
 * Deletes a canceled order, softly: it leaves every list and page (NOT_FOUND from then on), while its
 * rows stay, above all its ledger rows (the order and its refund) and stock movements, so the balance
 * and the stock keep their history (docs/architecture.md A6.3, A6.4). Any other status is
 * ORDER_NOT_CANCELED: cancel it first, which refunds and restocks. Answers the order as it was.
 */
export async function deleteOrder(db: DbOrTx, p: { orderId: number; actorId: number; now: Date }): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: s.orders.id, status: s.orders.status })
      .from(s.orders)
      .where(and(eq(s.orders.id, p.orderId), isNull(s.orders.deletedAt)))
      .for('update');
    if (!order) throw notFound();
    if (order.status !== OrderStatus.Canceled) throw new AppError('ORDER_NOT_CANCELED', { status: order.status });
    const deleted = await getOrder(tx, order.id);
    await tx.update(s.orders).set({ deletedAt: p.now, deletedBy: p.actorId }).where(eq(s.orders.id, order.id));
    return deleted;
  });
}

/** Fingerprint of an edit request: the same Idempotency-Key with another request is refused. */
export function orderEditHash(input: OrderEdit): string {
  const lines = [...input.lines].sort((a, b) => a.lineId - b.lineId).map((l) => [l.lineId, l.quantity]);
  return requestFingerprint(['edit', input.orderId, lines, input.comment ?? null, input.reason]);
}

const fieldIssue = (field: string, message: string, code = 'custom') => new AppError('VALIDATION_FAILED', [{ field, message, code }]);

/**
 * `POST /api/orders/edit`: an administrator corrects an order that was neither delivered nor canceled
 * (else ORDER_NOT_EDITABLE): new quantities (0 removes a line; at least one line stays, or the order
 * is to be canceled), the comment for the customer, and a reason. In one transaction, with the locks
 * of every order path (order, then user, then products by id: docs/architecture.md A6.6): the
 * difference at the order's own prices goes to the customer's balance through postPoints (a refund,
 * or a debit the balance must cover: CUSTOMER_NOT_ENOUGH_POINTS), each changed line's stock through moveStock
 * (`rs_move_stock`, the one owner: returned, or taken while the product is still orderable, never
 * below 0: STOCK_BELOW_ZERO), then the lines, the total and the comment, the edit, its step of the
 * timeline (who, why, what) and an `ordersUpdate` notification. The same Idempotency-Key with the same
 * request replays the first answer; with another request it is IDEMPOTENCY_KEY_REUSED.
 */
export async function editOrder(
  db: DbOrTx,
  p: { actorId: number; input: OrderEdit; idempotencyKey?: string; now: Date; cache: CacheInvalidation },
): Promise<{ order: Order; replayed: boolean }> {
  const { input, now } = p;
  const hash = orderEditHash(input);
  const result = await keyedWrite(() =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(s.orders)
        .where(and(eq(s.orders.id, input.orderId), isNull(s.orders.deletedAt)))
        .for('update');
      if (!order) throw notFound();
      if (p.idempotencyKey) {
        const [prior] = await tx
          .select({ id: s.orderEdits.id, orderId: s.orderEdits.orderId, requestHash: s.orderEdits.requestHash })
          .from(s.orderEdits)
          .where(and(eq(s.orderEdits.createdBy, p.actorId), eq(s.orderEdits.idempotencyKey, p.idempotencyKey)));
        const replay = replayOf(prior, hash, { editId: prior?.id });
        if (replay) return { order: await getOrder(tx, replay.orderId), replayed: true };
      }
      if (!editableOrderStatuses.includes(order.status)) throw new AppError('ORDER_NOT_EDITABLE', { status: order.status });

      // The lines cannot change under us: every writer of an order's lines holds the order's row lock.
      const lines = await tx
        .select({
          id: s.orderLines.id,
          productId: s.orderLines.productId,
          name: s.products.name,
          nameEn: s.products.nameEn,
          quantity: s.orderLines.quantity,
          price: s.orderLines.price,
        })
        .from(s.orderLines)
        .innerJoin(s.products, eq(s.products.id, s.orderLines.productId))
        .where(eq(s.orderLines.orderId, order.id))
        .orderBy(asc(s.orderLines.productId));
      const byId = new Map(lines.map((l) => [l.id, l]));
      const changes: OrderEditChanges['lines'] = [];
      input.lines.forEach((wanted, i) => {
        const line = byId.get(wanted.lineId);
        if (!line) throw fieldIssue(`body.lines.${i}.lineId`, 'Not a line of this order', 'not_found');
        if (wanted.quantity !== line.quantity)
          changes.push({
            lineId: line.id,
            productId: line.productId,
            name: line.name,
            nameEn: line.nameEn,
            from: line.quantity,
            to: wanted.quantity,
          });
      });
      const comment = input.comment === undefined ? order.comment : input.comment || null;
      const commentChange = comment !== order.comment ? { from: order.comment, to: comment } : null;
      if (changes.length === 0 && !commentChange) throw fieldIssue('body.lines', 'Nothing to change', 'unchanged');
      const removed = changes.filter((c) => c.to === 0).length;
      if (removed === lines.length) throw fieldIssue('body.lines', 'An order keeps at least one line: cancel it instead', 'too_small');

      // Positive: the customer gets points back; negative: more is charged. Exact in JavaScript (5 x 10^9 at most).
      const points = changes.reduce((sum, c) => sum + (c.from - c.to) * byId.get(c.lineId)!.price, 0);
      if (points > 0)
        await postPoints(tx, {
          entries: [{ userId: order.userId, value: points }],
          kind: 'refund',
          description: `Refund of order #${order.id} (edited)`,
          descriptionKey: 'refund',
          descriptionValues: { id: order.id, edited: true },
          refType: 'order',
          refId: order.id,
          createdBy: p.actorId,
          now,
        });
      else if (points < 0)
        await debitCustomer(tx, {
          userId: order.userId,
          amount: -points,
          description: `Order #${order.id} (edited)`,
          orderId: order.id,
          edited: true,
          actorId: p.actorId,
          now,
        });
      changes.sort((a, b) => a.productId - b.productId);
      for (const c of changes) {
        // Taking more of a product is ordering it: only while it is orderable in the order's store.
        if (c.to > c.from) await findOrderable(tx, c.productId, order.storeId);
        await moveStock(tx, {
          productId: c.productId,
          delta: c.from - c.to,
          reason: `Order #${order.id} edited`,
          actorId: p.actorId,
          now,
        }).catch((err: unknown) => {
          throw adminStockRefusal(err);
        });
        if (c.to === 0) await tx.delete(s.orderLines).where(eq(s.orderLines.id, c.lineId));
        else await tx.update(s.orderLines).set({ quantity: c.to }).where(eq(s.orderLines.id, c.lineId));
      }
      const [updated] = await tx
        .update(s.orders)
        .set({ total: sql`${s.orders.total} - ${points}`, comment, updatedAt: now })
        // A debit may not take the total past int32 (a refund only lowers it).
        .where(and(eq(s.orders.id, order.id), points < 0 ? lte(s.orders.total, INT32_MAX + points) : undefined))
        .returning({ id: s.orders.id });
      if (!updated) throw new AppError('AMOUNT_TOO_LARGE', { total: order.total, amount: -points });
      const [edit] = await tx
        .insert(s.orderEdits)
        .values({
          orderId: order.id,
          reason: input.reason,
          changes: { lines: changes, comment: commentChange } satisfies OrderEditChanges,
          points,
          idempotencyKey: p.idempotencyKey ?? null,
          requestHash: hash,
          createdBy: p.actorId,
          createdAt: now,
        })
        .returning({ id: s.orderEdits.id });
      await tx.insert(s.orderTracking).values({
        orderId: order.id,
        status: order.status,
        cause: input.reason,
        comment: commentChange ? comment : null,
        createdBy: p.actorId,
        editId: edit!.id,
        createdAt: now,
      });
      await notify(tx, {
        to: [order.userId],
        itemType: 'ordersUpdate',
        description: `Order #${order.id}: edited`,
        url: '/myOrders',
        at: now,
      });
      return { order: await getOrder(tx, order.id), replayed: false };
    }),
  );
  // Stock changed: cached product pages and lists must not show the old availability.
  if (!result.replayed) p.cache.invalidate();
  return result;
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import { Role } from '@rewards/shared/enums';
import {
  orderCreateSchema,
  orderDetailCreateSchema,
  orderEditSchema,
  orderListQuerySchema,
  orderMoveSchema,
  orderSchema,
  orderTimelineSchema,
} from '@rewards/shared/orders';
import { AppError } from '../../lib/app-error.ts';
import { idempotencyHeaders, keyedStatus } from '../../lib/idempotency.ts';
import { lifecycleRoutes } from '../../lib/lifecycle-routes.ts';
import { assertStoreAdmin, canAdminStore, recordOfStoreAdmin, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { addOrderLine, createOrder, deleteOrder, editOrder, getOrder, listOrders, moveOrder, setOrderArchived } from './orders.service.ts';

const orderItem = itemEnvelope(orderSchema);

export async function ordersRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config, cache } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order paid with points, atomically (lines for buy now, one per product, or fromCart); the same Idempotency-Key with the same request replays the first result, with another request it is IDEMPOTENCY_KEY_REUSED',
        headers: idempotencyHeaders,
        body: orderCreateSchema,
        response: { 200: orderItem, 201: orderItem },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await createOrder(db, {
        userId: requireUser(request).id,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        calendar: config.calendar,
        cache,
      });
      return reply.status(keyedStatus(replayed)).send({ data: order });
    },
  );

  r.post(
    '/orderDetail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          "Legacy, administrators of the order's store only: add a line to a pending order (stock, the customer's points and the total change with it, atomically)",
        body: orderDetailCreateSchema,
        response: { 201: orderItem },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { orderId, productId, quantity, price, userId, status } = request.body;
      assertStoreAdmin(user, (await getOrder(db, orderId)).storeId);
      const order = await addOrderLine(db, {
        orderId,
        productId,
        quantity,
        price,
        userId,
        status,
        actorId: user.id,
        now: clock.now(),
        cache,
      });
      return reply.status(201).send({ data: order });
    },
  );

  r.get(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The session user's orders, newest first",
        querystring: orderListQuerySchema.pick({ page: true, pageSize: true }).strict(),
        response: { 200: listEnvelope(orderSchema) },
      },
    },
    async (request) => listOrders(db, { ...request.query, userId: requireUser(request).id, timeZone: config.calendar.timeZone }),
  );

  /** An order, for its owner or an administrator of its store. */
  async function visibleOrder(request: import('fastify').FastifyRequest, id: number) {
    const user = requireUser(request);
    const order = await getOrder(db, id);
    if (order.userId !== user.id && !canAdminStore(user, order.storeId)) throw new AppError('NOT_FOUND');
    return order;
  }
  r.get(
    '/detail/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['orders'], summary: 'One order with its lines and tracking', params: idParamsSchema, response: { 200: orderItem } },
    },
    async (request) => ({
      data: await visibleOrder(request, request.params.id),
    }),
  );
  r.get(
    '/tracking/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "An order's timeline (status moves, and administrators' edits with who and why), for its customer or an administrator of its store",
        params: idParamsSchema,
        response: { 200: itemEnvelope(orderTimelineSchema) },
      },
    },
    async (request) => {
      const order = await visibleOrder(request, request.params.id);
      return { data: { idOrder: order.id, track: order.tracking } };
    },
  );

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          'Orders of the stores the administrator runs (filters: status, store, user, dates; archived=true for the archived ones, hidden otherwise)',
        querystring: orderListQuerySchema,
        response: { 200: listEnvelope(orderSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storeId, ...rest } = request.query;
      if (storeId) assertStoreAdmin(user, storeId);
      const storeIds = storeId ? [storeId] : user.role === Role.SuperAdmin ? null : user.adminStores;
      return listOrders(db, { ...rest, archived: rest.archived ?? false, storeIds, timeZone: config.calendar.timeZone });
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Move an order to another status (with cause and comment); cancelling refunds points and returns stock',
        params: idParamsSchema,
        body: orderMoveSchema,
        response: { 200: orderItem },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const current = await getOrder(db, request.params.id);
      assertStoreAdmin(user, current.storeId);
      const moved = await moveOrder(db, {
        orderId: current.id,
        to: request.body.status,
        cause: request.body.cause,
        comment: request.body.comment,
        actorId: user.id,
        now: clock.now(),
        cache,
      });
      return { data: moved };
    },
  );
  r.post(
    '/edit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary:
          "Administrators of the order's store: correct an order that was not delivered (line quantities, 0 removes a line; the comment; a required reason). The difference is refunded or debited (CUSTOMER_NOT_ENOUGH_POINTS) and the stock returned or taken (STOCK_BELOW_ZERO) in one transaction; the timeline shows the edit and the customer is notified. The same Idempotency-Key with the same request replays the first result, with another request it is IDEMPOTENCY_KEY_REUSED",
        headers: idempotencyHeaders,
        body: orderEditSchema,
        response: { 200: orderItem, 201: orderItem },
      },
    },
    async (request, reply) => {
      const { principal } = await recordOfStoreAdmin(request, () => getOrder(db, request.body.orderId));
      const { order, replayed } = await editOrder(db, {
        actorId: principal.id,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: clock.now(),
        cache,
      });
      return reply.status(keyedStatus(replayed)).send({ data: order });
    },
  );

  // Archive and restore (hidden from the administrators' lists; nothing else moves), and delete a canceled order.
  lifecycleRoutes(app, {
    tag: 'orders',
    access: 'admin',
    item: orderSchema,
    summaries: {
      activate: "Restore an archived order to the administrators' lists",
      deactivate:
        "Archive an order: hidden from the administrators' lists unless they ask for archived ones; its customer still sees it, and no points, stock or status move",
      delete:
        'Delete a canceled order (already refunded and restocked) from every list, keeping its ledger rows and stock movements; any other order is 409 ORDER_NOT_CANCELED',
    },
    setActive: async (request, id, active) => {
      const { principal, record } = await recordOfStoreAdmin(request, () => getOrder(db, id));
      return setOrderArchived(db, { orderId: record.id, archived: !active, actorId: principal.id, now: clock.now() });
    },
    remove: async (request, id) => {
      const { principal, record } = await recordOfStoreAdmin(request, () => getOrder(db, id));
      return deleteOrder(db, { orderId: record.id, actorId: principal.id, now: clock.now() });
    },
  });
}

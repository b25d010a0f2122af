import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role } from '@rewards/shared/enums';
import { idParamsSchema, itemEnvelope, listEnvelope } from '@rewards/shared/common';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointSchema,
  webhookEndpointsQuerySchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '@rewards/shared/webhooks';
import { AppError } from '../../lib/app-error.ts';
import { assertStoreAdmin, requireUser, type Principal } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryStore,
  endpointStore,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service.ts';

/** A store's endpoints are its administrators'; an all-stores endpoint (no store) is super administrators'. */
function assertEndpointAdmin(principal: Principal, storeId: number | null) {
  if (storeId === null) {
    if (principal.role !== Role.SuperAdmin) throw new AppError('FORBIDDEN');
  } else assertStoreAdmin(principal, storeId);
}

/**
 * Webhooks under /api/webhooks (docs/architecture.md A6.19, decision 0051): endpoints, their secret (shown
 * at creation and rotation only), a test event, the deliveries of the last 30 days with their attempts,
 * and redelivery.
 */
export async function webhooksRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock, config } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const production = config.production;

  r.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The endpoints of the caller's stores (a super administrator's: every store's and the all-stores ones), by id",
        querystring: webhookEndpointsQuerySchema,
        response: { 200: itemEnvelope(z.array(webhookEndpointSchema)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.query.storeId !== undefined) assertStoreAdmin(user, request.query.storeId);
      const superAdmin = user.role === Role.SuperAdmin;
      return {
        data: await listEndpoints(db, {
          stores: superAdmin ? null : user.adminStores,
          allStores: superAdmin && request.query.storeId === undefined,
          storeId: request.query.storeId,
          now: clock.now(),
        }),
      };
    },
  );

  r.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'A new endpoint for a store (its administrators) or, with storeId null, for every store (super administrators): https only (http only to loopback, outside production), never to a private address; answers its secret (whsec_…) this once',
        body: webhookEndpointCreateSchema,
        response: { 201: itemEnvelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertEndpointAdmin(user, request.body.storeId);
      const data = await createEndpoint(db, { ...request.body, createdBy: user.id, now: clock.now(), production });
      return reply.status(201).send({ data });
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One endpoint (never its secret)',
        params: idParamsSchema,
        response: { 200: itemEnvelope(webhookEndpointSchema) },
      },
    },
    async (request) => {
      assertEndpointAdmin(requireUser(request), (await endpointStore(db, request.params.id)).storeId);
      return { data: await getEndpoint(db, request.params.id, clock.now()) };
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Changes an endpoint’s URL, description, events or whether it is active (an inactive one keeps its pending deliveries until it is active again)',
        params: idParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: itemEnvelope(webhookEndpointSchema) },
      },
    },
    async (request) => {
      assertEndpointAdmin(requireUser(request), (await endpointStore(db, request.params.id)).storeId);
      return { data: await updateEndpoint(db, { id: request.params.id, ...request.body, now: clock.now(), production }) };
    },
  );

  r.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes an endpoint with its deliveries and their attempts',
        params: idParamsSchema,
        response: { 200: itemEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      assertEndpointAdmin(requireUser(request), (await endpointStore(db, request.params.id)).storeId);
      await deleteEndpoint(db, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  r.post(
    '/:id/rotate',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A new secret for the endpoint, at once (the next attempt is signed with it); answers it this once',
        params: idParamsSchema,
        response: { 200: itemEnvelope(webhookEndpointWithSecretSchema) },
      },
    },
    async (request) => {
      assertEndpointAdmin(requireUser(request), (await endpointStore(db, request.params.id)).storeId);
      return { data: await rotateSecret(db, { id: request.params.id, now: clock.now() }) };
    },
  );

  r.post(
    '/:id/test',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sends a webhook.test event to the endpoint; answers its delivery',
        params: idParamsSchema,
        response: { 201: itemEnvelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      assertEndpointAdmin(user, (await endpointStore(db, request.params.id)).storeId);
      const data = await sendTestEvent(db, { endpointId: request.params.id, actorId: user.id, now: clock.now() });
      return reply.status(201).send({ data });
    },
  );

  r.get(
    '/:id/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The endpoint’s deliveries of the last 30 days (and any still pending), newest first, each with its latest attempts; by status',
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: listEnvelope(webhookDeliverySchema) },
      },
    },
    async (request) => {
      assertEndpointAdmin(requireUser(request), (await endpointStore(db, request.params.id)).storeId);
      return listDeliveries(db, { ...request.query, endpointId: request.params.id, now: clock.now() });
    },
  );

  r.post(
    '/deliveries/:id/redeliver',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Sends a delivery’s event again with the same id (webhook-id): a new delivery, due at once, behind any pending delivery of the same subject to that endpoint',
        params: idParamsSchema,
        response: { 201: itemEnvelope(webhookDeliverySchema) },
      },
    },
    async (request, reply) => {
      assertEndpointAdmin(requireUser(request), (await deliveryStore(db, request.params.id)).storeId);
      const data = await redeliver(db, { deliveryId: request.params.id, now: clock.now() });
      return reply.status(201).send({ data });
    },
  );
}

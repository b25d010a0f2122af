import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { ServerContext } from './server-context.ts';
import { MAX_PRODUCT_PICTURES, MAX_UPLOAD_BYTES } from '@rewards/shared/products';
import { multipartForms } from './lib/multipart.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { HotAnswers } from './lib/hot-answers.ts';
import { RequestLog } from './lib/request-log.ts';
import { echoRequestId, requestIdGenerator } from './lib/request-id.ts';
import { CatalogSearch } from './modules/search/search.service.ts';
import { catalogueSource } from './modules/products/products.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { auditContext } from './db/audit-context.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { strictValidatorCompiler, utf8JsonBodies } from './plugins/strict-input.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { errorServerOptions, errorsPlugin } from './plugins/errors.ts';
import { benchCeilingPlugin } from './plugins/bench-ceiling.ts';
import { apiSecurityHeaders, securityHeadersPlugin } from './plugins/security.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { idpPlugin } from './plugins/idp.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { endedCredentials } from './modules/auth/auth.service.ts';
import { notificationReceivers } from './modules/notifications/notifications.service.ts';
import { demoDirectory } from './seed/demo-directory.ts';
import { createOidcClient, inProcessFetch } from './modules/auth/oidc-client.ts';
import { trackInFlight } from './lib/in-flight.ts';
import { programRoutes } from './modules/points/program.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { loadsRoutes } from './modules/loads/loads.routes.ts';
import { challengeAwardRoutes, challengesRoutes } from './modules/challenges/challenges.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { areasRoutes } from './modules/areas/areas.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { peerReportRoutes } from './modules/peer/peer-report.routes.ts';
import { celebrationsRoutes } from './modules/celebrations/celebrations.routes.ts';
import { peerRoutes } from './modules/peer/peer.routes.ts';
import { awardsRoutes } from './modules/awards/awards.routes.ts';
import { celebrationDatesRoutes } from './modules/celebrations/dates.routes.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { scimRoutes } from './modules/directory/scim.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';

/** Builds the whole application; `main.ts` only listens, tests call this with their own database and clock. */
export async function buildApp(
  base: Omit<ServerContext, 'cache'>,
  opts: { logger?: boolean; onRoute?: (route: RouteOptions) => void; logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const { config } = base;
  // Cache hits for requests without credentials, answered before Fastify (lib/hot-answers.ts, decision 0024).
  const hot = new HotAnswers();
  const requestId = requestIdGenerator(config.trustProxy);
  const app = Fastify({
    serverFactory: hot.serverFactory(),
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            ...(config.logFormat === 'pretty'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
              : {}),
          },
    // The proxy's X-Request-Id when it is trusted and safe, else a UUID; sent back on every answer.
    genReqId: requestId,
    // One line per request at info instead of Fastify's two (lib/request-log.ts).
    logController: new RequestLog(),
    // Client addresses come from X-Forwarded-For only behind a proxy the operator names (TRUST_PROXY).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request whose body never finishes arriving is answered 408, not held open.
    requestTimeout: 30_000,
    // While shutting down, a request that reached this instance is still served (the database closes only
    // after them, decision 0023) instead of a bare 503 the proxy may not retry (a POST).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ...errorServerOptions,
  });
  // Tests see every route as it is registered (test/access.test.ts checks each against the access table).
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  trackInFlight(app);
  echoRequestId(app);
  // Input is never coerced: each route's schemas are checked at start, JSON bodies are UTF-8 (plugins/strict-input.ts).
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  utf8JsonBodies(app);

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.session.secret });
  await app.register(securityHeadersPlugin, { config });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  // Without Redis the cache and the rate limits go on in this process (faults/redis-loss.fault.ts); ioredis reconnects by itself.
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable: cache and rate limits in this process'));
  const cache = new ResponseCache({ maxEntries: 5000, ttlMs: 60_000, jitter: 0.25, redis });
  await cache.start();
  hot.attach({ cache, headers: apiSecurityHeaders(config), requestId, log: app.log });
  app.addHook('preClose', async () => hot.close());
  app.decorate('hotAnswers', hot);
  app.decorate('responseCache', cache);
  app.addHook('onClose', async () => {
    await cache.stop();
    await redis?.quit();
  });
  const search = new CatalogSearch(catalogueSource(base.db));
  cache.onInvalidate(() => search.invalidate());
  const deps: ServerContext = { ...base, cache };
  await app.register(multipartForms, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PRODUCT_PICTURES, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  });
  await app.register(openApiPlugin, { config });

  await app.register(authPlugin, { deps });
  // Every write a handler makes carries its caller and request id into the audit log (docs/architecture.md
  // A6.19): the handler runs inside this context, which the database client hands to the triggers.
  app.addHook('preHandler', (request, _reply, done) => {
    const actor = request.principal
      ? `user:${request.principal.id}`
      : request.scimCaller
        ? `directory:${request.scimCaller.connectionId}`
        : 'system';
    auditContext.run({ actor, requestId: request.id }, done);
  });
  // Socket.IO on the same HTTP server, signed in by the same checks (decision 0006).
  await app.register(realtimePlugin, {
    deps,
    sources: {
      notificationReceivers: (min, max) => notificationReceivers(base.db, min, max),
      endedCredentials: (p) => endedCredentials(base.db, { ...p, idleMs: config.session.idleMs }),
    },
  });
  // Prometheus metrics on their own port, never the public one (decision 0034).
  await app.register(metricsPlugin, { deps, hot });

  await app.register(rateLimitsPlugin, { redis });

  // The bundled identity provider, reached in-process by the relying party.
  await app.register(idpPlugin, { deps, directory: demoDirectory(config) });
  const inProcess = inProcessFetch(app);
  const oidc = createOidcClient(config, inProcess);

  await app.register(healthRoutes, { prefix: '/api', deps, redis });
  if (config.benchRoutes) await app.register(benchCeilingPlugin);
  await app.register(authRoutes, { prefix: '/api/auth', deps, oidc, inProcess });
  await app.register(usersRoutes, { prefix: '/api/users', deps });
  await app.register(storesRoutes, { prefix: '/api/stores', deps });
  await app.register(categoriesRoutes, { prefix: '/api/categories', deps });
  await app.register(productsRoutes, { prefix: '/api', deps, search });
  await app.register(inventoryRoutes, { prefix: '/api', deps });
  await app.register(bannersRoutes, { prefix: '/api/banners', deps });
  await app.register(rewardsRoutes, { prefix: '/api/rewards', deps });
  await app.register(areasRoutes, { prefix: '/api/areas', deps });
  await app.register(cartRoutes, { prefix: '/api/shoppingCart', deps });
  await app.register(ordersRoutes, { prefix: '/api/orders', deps });
  await app.register(loadsRoutes, { prefix: '/api/loads', deps });
  await app.register(challengeAwardRoutes, { prefix: '/api/loads', deps });
  await app.register(challengesRoutes, { prefix: '/api/challenges', deps });
  await app.register(wishlistRoutes, { prefix: '/api/wishlists', deps });
  await app.register(accountsRoutes, { prefix: '/api/accounts', deps });
  await app.register(programRoutes, { prefix: '/api/program', deps });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', deps });
  await app.register(profileRoutes, { prefix: '/api', deps });
  await app.register(placesRoutes, { prefix: '/api/places' });
  await app.register(catalogRoutes, { prefix: '/api/catalog', deps });
  await app.register(mailRoutes, { prefix: '/api/mail', deps });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', deps });
  // Peer recognition: /api/recognitions, /api/people, and its administration under /api/peer/
  // (docs/architecture.md A6.16).
  await app.register(peerRoutes, { prefix: '/api', deps });
  // Its giving report and the report's file, for the store's administrators (A6.16).
  await app.register(peerReportRoutes, { prefix: '/api/peer', deps });
  // People's dates and their import; a store's celebration settings and its people's coming celebrations (A6.17).
  await app.register(celebrationDatesRoutes, { prefix: '/api/celebrations', deps });
  await app.register(celebrationsRoutes, { prefix: '/api/celebrations', deps });
  // Budgets, company-funded awards and their approvals (A6.19).
  await app.register(awardsRoutes, { prefix: '/api', deps });
  // The company directory: its administration, and the SCIM service provider behind its own token (A6.18).
  await app.register(directoryRoutes, { prefix: '/api/directory', deps });
  await app.register(scimRoutes, { prefix: '/scim/v2', deps });
  // The tamper-evident audit log: list, CSV export and the chain's check (A6.19).
  await app.register(auditRoutes, { prefix: '/api/audit', deps });
  // Signed webhooks: endpoints, deliveries and redelivery (A6.19); main.ts starts their delivery worker.
  await app.register(webhooksRoutes, { prefix: '/api/webhooks', deps });

  // Pictures, the built web app and the SPA's pages; its not-found handler answers what no route did.
  await app.register(webAppPlugin, { deps });

  return app;
}

import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppDeps } from './deps.ts';
import { MAX_PRODUCT_PICTURES, MAX_UPLOAD_BYTES } from '@rewards/shared/products';
import { ResponseCache } from './lib/response-cache.ts';
import { AppError } from './lib/app-error.ts';
import { authPlugin, SESSION_COOKIE } from './plugins/auth.ts';
import { errorServerOptions, errorsPlugin, sendError } from './plugins/errors.ts';
import { idpPlugin } from './plugins/idp.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createOidcClient } from './modules/auth/oidc-client.ts';
import { trackInFlight } from './lib/in-flight.ts';
import { programRoutes } from './modules/points/program.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { listBanners } from './modules/banners/banners.service.ts';
import { defaultStoreId } from './modules/stores/stores.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { loadsRoutes } from './modules/loads/loads.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { areasRoutes } from './modules/areas/areas.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';


const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes per minute per session (or address) before 429. */
const WRITE_LIMIT_PER_MINUTE = 600;

/** Builds the whole application; `main.ts` only listens, tests call this with their own database and clock. */
export async function buildApp(base: Omit<AppDeps, 'cache'>, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = base;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(config.logFormat === 'pretty'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
              : {}),
          },
    genReqId: () => randomUUID(),
    // Client addresses come from X-Forwarded-For only behind a proxy the operator names (TRUST_PROXY).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request whose body never finishes arriving is answered 408, not held open.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ...errorServerOptions,
  });
  trackInFlight(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.session.secret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and the sign-in page set inline styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.production,
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  const cache = new ResponseCache({ maxEntries: 5000, ttlMs: 60_000, redis });
  await cache.start();
  app.addHook('onClose', async () => {
    await cache.stop();
    await redis?.quit();
  });
  const deps: AppDeps = { ...base, cache };
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PRODUCT_PICTURES, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rewards-rl:' } : {}),
    errorResponseBuilder: (request, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number };
      err.statusCode = context.statusCode;
      return err;
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rewards Store API', version: '1.0.0', description: 'Errors: { statusCode, code, message, details?, requestId }.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          token: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin, { deps });

  // Writes are limited per signed-in user, else per client address; reads are not. The key is taken
  // after the credential is verified, so made-up tokens or cookies do not buy a fresh allowance.
  const writeLimiter = app.createRateLimit({
    max: WRITE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => (request.principal ? `u:${request.principal.id}` : `ip:${request.ip}`),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const limit = await writeLimiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', Math.ceil(limit.ttlInSeconds));
      throw new AppError('RATE_LIMITED', 429);
    }
  });

  // The bundled identity provider, reached in-process by the relying party.
  await app.register(idpPlugin, { deps });
  const oidc = createOidcClient(config, async (url, init) => {
    const u = new URL(url);
    const res = await app.inject({
      method: init.method as 'GET',
      url: u.pathname + u.search,
      headers: { ...init.headers, host: u.host },
      payload: init.body,
    });
    return new Response(res.rawPayload.length ? res.rawPayload : null, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, String(v)] as [string, string]],
      ),
    });
  });

  await app.register(healthRoutes, { prefix: '/api', deps });
  if (config.benchRoutes) {
    // The benchmark's ceiling: this same server, its hooks and plugins, answering bytes held in memory.
    const bodies = new Map<number, Buffer>();
    app.get<{ Querystring: { bytes?: string } }>('/api/bench/ceiling', { config: { access: 'public' } }, async (request, reply) => {
      const size = Math.min(Math.max(Number(request.query.bytes) || 1024, 2), 1_000_000);
      let body = bodies.get(size);
      if (!body) bodies.set(size, (body = Buffer.from(`"${'x'.repeat(size - 2)}"`)));
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  await app.register(authRoutes, { prefix: '/api/auth', deps, oidc });
  await app.register(usersRoutes, { prefix: '/api/users', deps });
  await app.register(storesRoutes, { prefix: '/api/stores', deps });
  await app.register(categoriesRoutes, { prefix: '/api/categories', deps });
  await app.register(productsRoutes, { prefix: '/api', deps });
  await app.register(inventoryRoutes, { prefix: '/api', deps });
  await app.register(bannersRoutes, { prefix: '/api/banners', deps });
  await app.register(rewardsRoutes, { prefix: '/api/rewards', deps });
  await app.register(areasRoutes, { prefix: '/api/areas', deps });
  await app.register(cartRoutes, { prefix: '/api/shoppingCart', deps });
  await app.register(ordersRoutes, { prefix: '/api/orders', deps });
  await app.register(loadsRoutes, { prefix: '/api/loads', deps });
  await app.register(wishlistRoutes, { prefix: '/api/wishlists', deps });
  await app.register(accountsRoutes, { prefix: '/api/accounts', deps });
  await app.register(programRoutes, { prefix: '/api/program', deps });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', deps });

  // Uploaded and seeded pictures: immutable names, long cache.
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

  // The built web app; every other GET path is the SPA's.
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  // The home page's largest picture is the first banner: announce it in the HTML so the browser fetches
  // it alongside the scripts (the variants are 300/600/1200 px WebP).
  const html = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
  let homeHtml: { body: string; until: number } | null = null;
  async function homePage(): Promise<string> {
    if (homeHtml && homeHtml.until > Date.now()) return homeHtml.body;
    const storeId = await defaultStoreId(deps.db);
    const [banner] = storeId ? (await listBanners(deps.db, { storeId, page: 1, pageSize: 1, active: true })).data : [];
    const href = banner?.picture;
    const preload =
      href && /-1200\.webp$/.test(href)
        ? `<link rel="preload" as="image" fetchpriority="high" href="${href}" imagesrcset="${[300, 600, 1200].map((w) => `${href.replace('-1200.webp', `-${w}.webp`)} ${w}w`).join(', ')}" imagesizes="(min-width: 1280px) 1232px, 100vw">`
        : '';
    const body = html.replace('</head>', `${preload}</head>`);
    homeHtml = { body, until: Date.now() + 30_000 };
    return body;
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && request.method === 'GET' && (request.url === '/' || request.url.startsWith('/?'))) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await homePage());
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !request.url.startsWith('/uploads/');
    if (isPage && hasWeb) {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encodings = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(encodings) && fs.existsSync(`${indexHtml}.br`))
        return reply.header('content-encoding', 'br').send(fs.createReadStream(`${indexHtml}.br`));
      if (/\bgzip\b/.test(encodings) && fs.existsSync(`${indexHtml}.gz`))
        return reply.header('content-encoding', 'gzip').send(fs.createReadStream(`${indexHtml}.gz`));
      return reply.send(fs.createReadStream(indexHtml));
    }
    return sendError(request, reply, 404, request.url.startsWith('/api') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
  });

  return app;
}

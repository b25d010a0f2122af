import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };
type StoreArgs = Parameters<FastifyRateLimitStore['incr']>;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
// The plugin's own stores (CommonJS, no typings of their own).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;

/**
 * Counts in Redis while it answers, in this process while it does not (faults/redis-loss.fault.ts): a lost
 * Redis costs the instances their shared count for that while, never a request (the plugin's Redis store
 * alone turns every write into a 500 until Redis is back). A command that fails is counted here instead.
 */
export function fallbackStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number },
      private readonly remote: Store = new RedisStore(!!options.continueExceeding, !!options.exponentialBackoff, redis, nameSpace),
      private readonly local: Store = new LocalStore(!!options.continueExceeding, !!options.exponentialBackoff, options.cache),
    ) {}
    private use(method: 'incr' | 'read', [key, callback, timeWindow, max]: StoreArgs) {
      const local = () => (this.local[method] ?? this.local.incr).call(this.local, key, callback, timeWindow, max);
      if (redis.status !== 'ready') return local();
      (this.remote[method] ?? this.remote.incr).call(
        this.remote,
        key,
        (err, result) => (err ? local() : callback(null, result)),
        timeWindow,
        max,
      );
    }
    incr(...args: StoreArgs) {
      this.use('incr', args);
    }
    read(...args: StoreArgs) {
      this.use('read', args);
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new FallbackStore({}, this.remote.child(routeOptions) as Store, this.local.child(routeOptions) as Store);
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes per minute per session (or address) before 429. */
export const WRITE_LIMIT_PER_MINUTE = 600;

/**
 * Rate limits, counted in Redis when there is one (so every instance shares them): routes may set their
 * own (`config.rateLimit`, e.g. sign-in), and every API write is limited per signed-in user, else per
 * client address; reads are not. Register after the auth plugin: the key is taken after the credential
 * is verified, so made-up tokens or cookies do not buy a fresh allowance.
 */
export const rateLimitsPlugin = fp(async function rateLimitsPlugin(app: FastifyInstance, opts: { redis?: Redis }) {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { store: fallbackStore(opts.redis, 'rewards-rl:') } : {}),
    errorResponseBuilder: (_request, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number };
      err.statusCode = context.statusCode;
      return err;
    },
  });
  const writeLimiter = app.createRateLimit({
    max: WRITE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => (request.principal ? `u:${request.principal.id}` : `ip:${request.ip}`),
  });
  async function limitWrite(request: FastifyRequest, reply: FastifyReply) {
    const limit = await writeLimiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', Math.ceil(limit.ttlInSeconds));
      throw new AppError('RATE_LIMITED');
    }
  }
  // Reads pass straight through, with no promise to wait on (decision 0024).
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    return limitWrite(request, reply);
  });
});

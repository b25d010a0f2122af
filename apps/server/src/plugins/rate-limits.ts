import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

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
    ...(opts.redis ? { redis: opts.redis, nameSpace: 'rewards-rl:' } : {}),
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

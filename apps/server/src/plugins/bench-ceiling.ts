import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * The benchmark's ceiling (BENCH_ROUTES=true only): this same server, its hooks and plugins, answering
 * bytes held in memory, so `npm run bench` can say how close the real routes come to it.
 */
export const benchCeilingPlugin = fp(async function benchCeilingPlugin(app: FastifyInstance) {
  const bodies = new Map<number, Buffer>();
  app.get<{ Querystring: { bytes?: string } }>('/api/bench/ceiling', { config: { access: 'public' } }, async (request, reply) => {
    const size = Math.min(Math.max(Number(request.query.bytes) || 1024, 2), 1_000_000);
    let body = bodies.get(size);
    if (!body) bodies.set(size, (body = Buffer.from(`"${'x'.repeat(size - 2)}"`)));
    return reply.type('application/json; charset=utf-8').send(body);
  });
});

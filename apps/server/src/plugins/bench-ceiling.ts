import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * The benchmark's ceiling (BENCH_ROUTES=true only): this same server, its hooks and plugins, answering
 * bytes held in memory, so `npm run bench` can say how close the real routes come to it.
 *
 * `?of=/api/…` answers exactly the bytes this server answers for that GET (read once, uncompressed, then
 * kept): a load generator's cost depends on what it reads (autocannon decodes every body as UTF-8, three
 * times slower for JSON with accents than for ASCII), so a ceiling is only a ceiling for the same bytes.
 * `?bytes=N` answers N bytes of ASCII.
 */
export const benchCeilingPlugin = fp(async function benchCeilingPlugin(app: FastifyInstance) {
  const bodies = new Map<string, Promise<Buffer>>();
  app.get<{ Querystring: { bytes?: string; of?: string } }>(
    '/api/bench/ceiling',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { of } = request.query;
      const key = typeof of === 'string' && of.startsWith('/api/') && !of.startsWith('/api/bench/') ? of : `bytes:${request.query.bytes}`;
      let body = bodies.get(key);
      if (!body) {
        body = key.startsWith('/api/')
          ? app.inject({ method: 'GET', url: key, headers: { 'accept-encoding': 'identity' } }).then((res) => res.rawPayload)
          : Promise.resolve(Buffer.from(`"${'x'.repeat(Math.min(Math.max(Number(request.query.bytes) || 1024, 2), 1_000_000) - 2)}"`));
        bodies.set(key, body);
      }
      return reply.type('application/json; charset=utf-8').send(await body);
    },
  );
});

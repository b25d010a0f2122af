import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerContext } from '../server-context.ts';
import type { HotAnswers } from '../lib/hot-answers.ts';
import * as s from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (decision 0034), only with METRICS_PORT: `address()` is that port's, when listening. */
    metrics?: { registry: Registry; address(): AddressInfo | null };
  }
}

/** Seconds: from a cache hit (well under a millisecond) to a bulk load's confirmation. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A request no route matched: one label for them all, never the raw URL. */
const UNMATCHED = '(unmatched)';

/**
 * Prometheus metrics (decision 0034), served only on their own port (METRICS_PORT, bound to
 * METRICS_HOST, 127.0.0.1 by default), never on the public one. Per request: one synchronous histogram
 * observation in onResponse, labelled by method, route pattern (`/api/orders/:id`, not the URL) and
 * status; its `_count` is the request rate. Everything else is read when Prometheus scrapes: the
 * PostgreSQL pool's connections, the e-mail outbox's backlog, the last run of each scheduled job, the
 * Socket.IO connections, and Node's own figures (event loop lag, heap, GC).
 * Without METRICS_PORT nothing is collected: no hook, no event loop or GC observers.
 */
export const metricsPlugin = fp(async function metricsPlugin(app: FastifyInstance, opts: { deps: ServerContext; hot?: HotAnswers }) {
  const { config, database, db } = opts.deps;
  if (!config.metrics) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Cache hits the server's front answers before Fastify count the same (lib/hot-answers.ts).
  if (opts.hot) opts.hot.observe = (method, route, status, seconds) => duration.observe({ method, route, status }, seconds);

  const pool: unknown = db.$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'db_pool_max',
    help: 'The largest the PostgreSQL pool may grow (DATABASE_POOL_MAX); 1 on the embedded database',
    registers: [registry],
    collect() {
      this.set(pool instanceof pg.Pool ? (pool.options.max ?? 10) : 1);
    },
  });

  const scrapeFailures = new Counter({
    name: 'metrics_scrape_query_failures_total',
    help: 'Backlog queries that failed during a scrape (the database was unreachable)',
    registers: [registry],
  });
  const scrapeFailed = (err: unknown) => {
    scrapeFailures.inc();
    app.log.warn({ err }, 'metrics: a backlog query failed');
  };
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'E-mails in the outbox by status (pending: the backlog still to send)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      try {
        const { rows } = await db.execute<{ status: string; n: number }>(
          sql`select ${s.emailOutbox.status} as status, count(*)::int as n from ${s.emailOutbox} group by 1`,
        );
        this.reset();
        for (const status of ['pending', 'sent', 'failed']) this.set({ status }, 0);
        for (const row of rows) this.set({ status: row.status }, row.n);
      } catch (err) {
        scrapeFailed(err);
      }
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending e-mail (0 when none): how far behind the sender is',
    registers: [registry],
    async collect() {
      try {
        const { rows } = await db.execute<{ age: number | null }>(
          sql`select extract(epoch from now() - min(${s.emailOutbox.createdAt}))::float8 as age from ${s.emailOutbox} where ${s.emailOutbox.status} = 'pending'`,
        );
        this.set(Math.max(0, rows[0]?.age ?? 0));
      } catch (err) {
        scrapeFailed(err);
      }
    },
  });
  new Gauge({
    name: 'job_last_run_timestamp_seconds',
    help: 'When each scheduled job last ran (job_runs), as a Unix time',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      try {
        const { rows } = await db.execute<{ job: string; at: number }>(
          sql`select ${s.jobRuns.job} as job, extract(epoch from max(${s.jobRuns.ranAt}))::float8 as at from ${s.jobRuns} group by 1`,
        );
        this.reset();
        for (const row of rows) this.set({ job: row.job }, row.at);
      } catch (err) {
        scrapeFailed(err);
      }
    },
  });
  new Gauge({
    name: 'socketio_connected_clients',
    help: 'Socket.IO clients connected to this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('realtime') ? app.realtime.io.engine.clientsCount : 0);
    },
  });
  new Gauge({
    name: 'database_kind_info',
    help: 'The database this instance runs on (1 for its kind)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });

  // Its own small server: not a route of the app, so no proxy that forwards the app's port reaches it.
  const server = http.createServer(scrape);
  app.decorate('metrics', {
    registry,
    address: () => (server.listening ? (server.address() as AddressInfo) : null),
  });
  const { port, host } = config.metrics;

  function scrape(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  }
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    app.log.info(`Prometheus metrics on http://${host}:${(server.address() as AddressInfo).port}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
});

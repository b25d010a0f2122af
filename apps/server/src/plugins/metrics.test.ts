import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Prometheus metrics on METRICS_PORT only (decision 0034).
let t: TestApp;
let metricsUrl: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0' });
  metricsUrl = `http://127.0.0.1:${t.app.metrics!.address()!.port}/metrics`;
});
afterAll(() => t?.close());

/** The value of one sample line, e.g. `mail_outbox_messages{status="pending"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('Prometheus metrics', () => {
  it('counts requests by route pattern and status, never by raw URL, with their latency', async () => {
    const make = factories(t);
    const product = await make.product({ stock: 2 });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: `/api/products/slug/${product.slug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/slug/no-such-product' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/route/42' })).statusCode).toBe(404);

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/slug/:slug",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/slug/:slug",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/products/slug/:slug",status="200"}')).toBe(
      3,
    );
    expect(text).not.toContain(product.slug);
    expect(text).not.toContain('/api/no/such/route');
  });

  it('reports the outbox backlog, the scheduled jobs, sockets, the pool and Node itself', async () => {
    const text = await (await fetch(metricsUrl)).text();
    expect(sample(text, 'mail_outbox_messages{status="pending"}')).toEqual(expect.any(Number));
    expect(sample(text, 'mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'socketio_connected_clients')).toBe(0);
    expect(sample(text, `database_kind_info{kind="${t.database.kind}"}`)).toBe(1);
    expect(text).toContain('# TYPE job_last_run_timestamp_seconds gauge');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
      expect(text).toContain('db_pool_connections{state="idle"}');
    }
    expect(sample(text, 'metrics_scrape_query_failures_total')).toBe(0);
  });

  it('is not served on the public port, and the metrics port serves nothing else', async () => {
    // The API has no such route (404); /metrics is a page path, the web app's own when it is built.
    const api = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('http_request_duration_seconds');
    const page = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect([200, 404]).toContain(page.statusCode);
    expect(page.headers['content-type']).not.toMatch(/^text\/plain/);
    expect(page.body).not.toContain('http_request_duration_seconds');
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('refuses a metrics port that is the public one', async () => {
    expect(() => loadConfig({ METRICS_PORT: '3000', PORT: '3000' })).toThrow(/METRICS_PORT must not be the public PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({}).metrics).toBeUndefined();
  });
});

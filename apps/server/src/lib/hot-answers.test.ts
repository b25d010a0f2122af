import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

// The server's front for cache hits (lib/hot-answers.ts, decision 0024): through a listening server, since
// app.inject never reaches the HTTP server's own handler.
let t: TestApp;
let base: string;
const lines: Record<string, unknown>[] = [];
const who: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, undefined, {
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  for (const u of ['admin', 'luis']) who[u] = (await signIn(t.app, `${u}@rewards.test`)).session!;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const front = () => t.app.hotAnswers.answered;
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(base + url, { headers: { 'accept-encoding': 'identity', ...headers } });
const headerNames = (res: Response) => [...res.headers.keys()].filter((n) => n !== 'date').sort();

describe('cache hits answered before Fastify', () => {
  it('answers the same bytes and headers, with its own request id and log line, to requests without credentials', async () => {
    const url = '/api/products/all/?storeId=1&pageSize=5&order=date';
    const first = await get(url); // produced by the handler
    const second = await get(url); // a hit in the route's hook: remembered for the front
    expect(front()).toBe(0);
    const third = await get(url, { cookie: 'lang=en' }); // other cookies are not credentials
    expect(front()).toBe(1);
    const [a, b, c] = await Promise.all([first.text(), second.text(), third.text()]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(JSON.parse(c).data).toHaveLength(5);
    expect(headerNames(third)).toEqual(headerNames(second));
    for (const name of ['content-type', 'vary', 'content-security-policy', 'x-frame-options', 'x-content-type-options']) {
      expect(third.headers.get(name), name).toBe(second.headers.get(name));
    }
    expect(third.headers.get('cross-origin-opener-policy')).toBeNull();
    const id = third.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(second.headers.get('x-request-id'));
    expect(lines.find((l) => l.reqId === id)).toMatchObject({ msg: 'request', method: 'GET', url, statusCode: 200 });

    // The compressed variant the client accepts, as Fastify sends it.
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(front()).toBe(2);
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the same text.
    expect(await br.text()).toBe(a);
  });

  it('leaves requests with a session or a token, other methods and unknown URLs to Fastify', async () => {
    const url = '/api/products/all/?storeId=1&pageSize=3';
    for (let i = 0; i < 3; i++) await (await get(url)).text();
    const before = front();
    expect((await get(url, as(who.luis))).status).toBe(200);
    await (await get(url, { authorization: 'Bearer rs_nothing' })).text();
    expect((await fetch(base + url, { method: 'HEAD' })).status).toBe(200);
    expect((await get(`${url}&page=1`)).status).toBe(200);
    expect(front()).toBe(before);
    await (await get(url)).text();
    expect(front()).toBe(before + 1);
  });

  it('forgets every URL at a catalogue write', async () => {
    const url = '/api/products/slug/termo-de-acero';
    for (let i = 0; i < 3; i++) expect((await get(url)).status).toBe(200);
    const before = front();
    expect(before).toBeGreaterThan(0);
    const [product] = await t.db.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, 'termo-de-acero'));
    const off = await fetch(`${base}/api/products/deactivate/${product!.id}`, { method: 'PUT', headers: as(who.admin) });
    expect(off.status).toBe(200);
    const gone = await get(url);
    expect(((await gone.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect(front()).toBe(before);
    await fetch(`${base}/api/products/activate/${product!.id}`, { method: 'PUT', headers: as(who.admin) });
    for (let i = 0; i < 3; i++) expect((await get(url)).status).toBe(200);
    expect(front()).toBe(before + 1);
  });
});

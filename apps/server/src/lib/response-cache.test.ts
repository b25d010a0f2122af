import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accepts, answerFromCache, CachedBody, ResponseCache, sendCachedBody } from './response-cache.ts';

describe('response cache', () => {
  it('serves hits, shares one producer between concurrent misses, and forgets everything on invalidate', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    let calls = 0;
    const produce = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return { n: calls };
    };
    const [a, b] = await Promise.all([cache.json('k', produce), cache.json('k', produce)]);
    expect([a, b]).toEqual(['{"n":1}', '{"n":1}']);
    expect(await cache.json('k', produce)).toBe('{"n":1}');
    expect(calls).toBe(1);
    cache.invalidate();
    expect(await cache.json('k', produce)).toBe('{"n":2}');
    now += 1001;
    expect(await cache.json('k', produce)).toBe('{"n":2}'); // past its TTL: answered at once, refreshed behind
    expect(calls).toBe(3);
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.json('k', produce)).toBe('{"n":3}');
    now += 2001; // past twice the TTL: never answered stale
    expect(await cache.json('k', produce)).toBe('{"n":4}');
    expect(calls).toBe(4);
  });

  it('remembers URLs answered to requests without credentials for 30 s at most, answering only while their key is fresh, until a write', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 60_000, now: () => now });
    await cache.json('a', async () => 'A');
    cache.rememberUrl('/a', '/a', 'a');
    expect(cache.urlAnswer('/a')).toMatchObject({ route: '/a', body: { text: '"A"' } });
    now += 29_999;
    expect(cache.urlAnswer('/a')?.body.text).toBe('"A"');
    now += 1;
    expect(cache.urlAnswer('/a')).toBeUndefined();
    // Only while the key's answer is fresh, and a refreshed answer is the one given; an invalidation forgets them.
    const short = new ResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    let n = 0;
    await short.json('b', async () => `B${++n}`);
    short.rememberUrl('/b', '/b', 'b');
    now += 999;
    expect(short.urlAnswer('/b')?.body.text).toBe('"B1"');
    now += 1;
    expect(short.urlAnswer('/b')).toBeUndefined();
    // Aged: the route answers it stale and refreshes it; meanwhile the URL gives the stale one too.
    let finish = () => {};
    await short.json('b', () => new Promise((resolve) => (finish = () => resolve(`B${++n}`))));
    expect(short.urlAnswer('/b')?.body.text).toBe('"B1"');
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(short.urlAnswer('/b')?.body.text).toBe('"B2"');
    short.invalidate();
    expect(short.urlAnswer('/b')).toBeUndefined();
  });

  it('refreshes at most four aged answers at once; the others answer stale until a later request', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 100, ttlMs: 1000, now: () => now });
    let running = 0;
    let most = 0;
    let round = 0;
    const produce = (key: string) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return `${key}@${round}`;
    };
    for (let i = 0; i < 10; i++) await cache.json(`k${i}`, produce(`k${i}`));
    now += 1001;
    round = 1;
    const stale = await Promise.all(Array.from({ length: 10 }, (_, i) => cache.json(`k${i}`, produce(`k${i}`))));
    expect(stale).toEqual(Array.from({ length: 10 }, (_, i) => `"k${i}@0"`));
    await new Promise((r) => setTimeout(r, 30));
    expect(most).toBe(4);
    const after = await Promise.all(Array.from({ length: 10 }, (_, i) => cache.json(`k${i}`, produce(`k${i}`))));
    expect(after.filter((v) => v.endsWith('@1"'))).toHaveLength(4);
    // The next requests refresh the rest, four at a time.
    for (let pass = 0; pass < 3; pass++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => cache.json(`k${i}`, produce(`k${i}`))));
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => cache.json(`k${i}`, produce(`k${i}`))))).toEqual(
      Array.from({ length: 10 }, (_, i) => `"k${i}@1"`),
    );
    expect(most).toBe(4);
  });

  it('gives an aged answer without the handler only while its refresh runs or every slot is taken', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 100, ttlMs: 1000, now: () => now });
    const release: (() => void)[] = [];
    const slow = (v: string) => () => new Promise<string>((resolve) => release.push(() => resolve(v)));
    for (let i = 0; i < 6; i++) await cache.json(`k${i}`, async () => `v${i}`);
    now += 1001;
    // Nothing refreshing yet: the handler must answer k0, and doing so starts its refresh.
    expect(cache.staleWhileRefreshing('k0')).toBeUndefined();
    expect(await cache.json('k0', slow('n0'))).toBe('"v0"');
    expect(cache.staleWhileRefreshing('k0')?.text).toBe('"v0"');
    expect(cache.staleWhileRefreshing('k1')).toBeUndefined();
    for (let i = 1; i < 4; i++) await cache.json(`k${i}`, slow(`n${i}`));
    // Four refreshes running: every other aged answer is given as the handler would give it.
    expect(cache.staleWhileRefreshing('k5')?.text).toBe('"v5"');
    release.splice(0).forEach((r) => r());
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.staleWhileRefreshing('k5')).toBeUndefined();
    expect(cache.fresh('k0')?.text).toBe('"n0"');
    // Past twice the TTL: never.
    now += 2000;
    expect(cache.staleWhileRefreshing('k5')).toBeUndefined();
  });

  it('refreshes an aged entry once, and forgets it when the refresh fails', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    let calls = 0;
    let fail = false;
    const produce = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('database down');
      return calls;
    };
    await cache.json('k', produce);
    now += 1500;
    fail = true;
    expect(await Promise.all([cache.json('k', produce), cache.json('k', produce)])).toEqual(['1', '1']);
    expect(calls).toBe(2); // one refresh for both
    await new Promise((r) => setTimeout(r, 20));
    await expect(cache.json('k', produce)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.json('k', produce)).toBe('4');
  });

  it('does not store an answer produced across a write', async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000 });
    let release!: () => void;
    const slow = cache.json('k', () => new Promise((r) => (release = () => r('old'))));
    cache.invalidate(); // a write commits while the read is in flight
    release();
    expect(await slow).toBe('"old"');
    expect(await cache.json('k', async () => 'new')).toBe('"new"');
  });

  it('keeps an answer admitted on its second request only once it is asked again, without evicting others', async () => {
    const cache = new ResponseCache({ maxEntries: 2, ttlMs: 1000 });
    let calls = 0;
    const produce = async () => ++calls;
    await cache.json('page', produce);
    for (const k of ['s1', 's2', 's3']) expect(await cache.body(k, produce, 'second')).toBeDefined();
    expect(cache.size).toBe(1); // searches asked once took no place
    expect(cache.get('page')).toBe('1');
    await cache.body('s3', produce, 'second');
    expect(cache.get('s3')).toBe('5'); // asked twice: kept
    await cache.body('s3', produce, 'second');
    expect(calls).toBe(5);
  });

  it('keeps searches asked twice in a room of their own: they push out older searches, never a page', async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000 });
    let calls = 0;
    const produce = async () => ++calls;
    for (let i = 0; i < 10; i++) await cache.json(`page${i}`, produce);
    // Forty searches, each asked twice (admitted), through a room of 10 / 5 = 2.
    for (let i = 0; i < 40; i++) for (let ask = 0; ask < 2; ask++) await cache.body(`search${i}`, produce, 'second');
    expect(Array.from({ length: 10 }, (_, i) => cache.get(`page${i}`))).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    expect(cache.size).toBe(12);
    expect([cache.get('search38'), cache.get('search39')].every((v) => v !== undefined)).toBe(true);
    expect(cache.get('search0')).toBeUndefined();
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('spreads the ages of answers cached together over ±jitter of the TTL', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 100, ttlMs: 1000, jitter: 0.25, now: () => now });
    for (let i = 0; i < 50; i++) await cache.json(`k${i}`, async () => i);
    now = 749;
    expect(Array.from({ length: 50 }, (_, i) => cache.get(`k${i}`)).filter((v) => v === undefined)).toHaveLength(0);
    now = 1000;
    const aged = Array.from({ length: 50 }, (_, i) => cache.get(`k${i}`)).filter((v) => v === undefined).length;
    expect(aged).toBeGreaterThan(5); // about half, not all at once
    expect(aged).toBeLessThan(45);
    now = 1251;
    expect(Array.from({ length: 50 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined)).toHaveLength(0);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResponseCache({ maxEntries: 2, ttlMs: 1000 });
    for (const k of ['a', 'b', 'c']) await cache.json(k, async () => k);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('"c"');
  });
});

describe('cached answers on the wire', () => {
  const big = { data: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Termo de acero ${i}`, price: 500 + i })) };

  it('reads Accept-Encoding: named codings with q > 0, or *', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip, deflate, br;q=0', 'br')).toBe(false);
    expect(accepts('gzip;q=0.5', 'gzip')).toBe(true);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts('*', 'br')).toBe(true);
    expect(accepts('*;q=0, gzip', 'br')).toBe(false);
  });

  it('compresses a body once per encoding, on first demand, and leaves small bodies alone', () => {
    const cached = new CachedBody(JSON.stringify(big));
    const br = cached.encoded('gzip, br');
    expect(br.encoding).toBe('br');
    expect(cached.encoded('br').body).toBe(br.body);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(big);
    const gzip = cached.encoded('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(cached.encoded('gzip').body).toBe(gzip.body);
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(big);
    expect(cached.encoded(undefined)).toEqual({ body: cached.body });
    expect(new CachedBody('{"data":[]}').encoded('br').encoding).toBeUndefined();
  });

  it('sends JSON with Vary, compressed as the client allows', async () => {
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 60_000 });
    const app = Fastify();
    app.get('/rows', async (request, reply) => sendCachedBody(request, reply, await cache.body('rows', async () => big)));
    const plain = await app.inject({ method: 'GET', url: '/rows' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    const br = await app.inject({ method: 'GET', url: '/rows', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    await app.close();
  });

  it('answers a URL answered before without validating it again or running the handler, until the cache forgets it', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    const app = Fastify();
    app.addHook('preValidation', answerFromCache(cache));
    let validated = 0;
    let handled = 0;
    app.get(
      '/rows',
      {
        config: { cachedAnswer: (request) => `rows:${request.url}` },
        // A validator that counts: the hook's answer must come before it.
        schema: { querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } } },
        validatorCompiler: ({ schema }) => {
          const page = (schema as { properties?: unknown }).properties ? 'page' : undefined;
          return (data: Record<string, string>) => {
            validated++;
            return page && data.page !== undefined && !/^[1-9]\d*$/.test(data.page) ? { error: new Error('page') } : { value: data };
          };
        },
      },
      async (request, reply) => {
        handled++;
        return sendCachedBody(request, reply, await cache.body(`rows:${request.url}`, async () => ({ url: request.url, handled })));
      },
    );
    // A route that names no key is not looked up (checked at the end).
    app.get('/same', async (request, reply) => {
      handled++;
      return sendCachedBody(request, reply, await cache.body('rows:/same', async () => ({ same: handled })));
    });
    const first = await app.inject({ method: 'GET', url: '/rows?page=2' });
    expect(first.json()).toEqual({ url: '/rows?page=2', handled: 1 });
    const again = await app.inject({ method: 'GET', url: '/rows?page=2', headers: { 'accept-encoding': 'br' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ url: '/rows?page=2', handled: 1 });
    expect(again.headers.vary).toBe('accept-encoding');
    expect([validated, handled]).toEqual([1, 1]);
    // A URL refused once is refused every time: it was never stored.
    expect((await app.inject({ method: 'GET', url: '/rows?page=x' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/rows?page=x' })).statusCode).toBe(400);
    expect([validated, handled]).toEqual([3, 1]);
    // Aged or invalidated: back through validation and the handler.
    now += 1001;
    expect((await app.inject({ method: 'GET', url: '/rows?page=2' })).json()).toEqual({ url: '/rows?page=2', handled: 1 });
    expect([validated, handled]).toEqual([4, 2]);
    cache.invalidate();
    expect((await app.inject({ method: 'GET', url: '/rows?page=2' })).json()).toEqual({ url: '/rows?page=2', handled: 3 });
    expect([validated, handled]).toEqual([5, 3]);
    expect((await app.inject({ method: 'GET', url: '/same' })).json()).toEqual({ same: 4 });
    expect((await app.inject({ method: 'GET', url: '/same' })).json()).toEqual({ same: 4 });
    expect(handled).toBe(5);
    await app.close();
  });

  it('answers an aged URL in the hook, and remembers it for the front, while its refresh runs', async () => {
    let now = 0;
    const cache = new ResponseCache({ maxEntries: 10, ttlMs: 60_000, now: () => now });
    const app = Fastify();
    app.addHook('preValidation', answerFromCache(cache));
    let handled = 0;
    let finish = () => {};
    app.get('/rows', { config: { cachedAnswer: () => 'rows' } }, async (request, reply) => {
      handled++;
      const produce = handled === 1 ? async () => 'v1' : () => new Promise<string>((resolve) => (finish = () => resolve('v2')));
      return sendCachedBody(request, reply, await cache.body('rows', produce));
    });
    expect((await app.inject({ method: 'GET', url: '/rows' })).json()).toBe('v1');
    now += 61_000; // aged (within twice the TTL), and past the 30 s a URL is kept
    expect(cache.urlAnswer('/rows')).toBeUndefined();
    // The first aged request reaches the handler, which answers stale and starts the refresh.
    expect((await app.inject({ method: 'GET', url: '/rows' })).json()).toBe('v1');
    expect(handled).toBe(2);
    // While it runs, the hook answers stale without the handler and the front may answer it too.
    expect((await app.inject({ method: 'GET', url: '/rows' })).json()).toBe('v1');
    expect(handled).toBe(2);
    expect(cache.urlAnswer('/rows')?.body.text).toBe('"v1"');
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.urlAnswer('/rows')?.body.text).toBe('"v2"');
    expect((await app.inject({ method: 'GET', url: '/rows' })).json()).toBe('v2');
    expect(handled).toBe(2);
    await app.close();
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { as, createTestApp, multipart, png, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';

let t: TestApp;
let session: string;
/** A user whose role the super administrator's malformed requests would have changed. */
let target: number;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // Two routes that exist only here: a conflict and an unexpected crash.
    app.get('/api/test/conflict', { config: { access: 'user' } }, async () => {
      throw new AppError('ALREADY_ACTIVE');
    });
    app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "app"');
    });
    app.get('/api/test/db-down', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) });
    });
    app.get('/api/test/serialization', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
  });
  const make = factories(t);
  session = (await make.superAdmin()).session;
  target = (await make.shopper()).id;
});
afterAll(() => t.close());

const envelope = { statusCode: expect.any(Number), code: expect.any(String), message: expect.any(String), requestId: expect.any(String) };

describe('error envelope', () => {
  it('400 for an unknown filter, with details and a localized message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/?color=red', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...envelope, code: 'VALIDATION_FAILED', message: 'Some fields are not valid' });
    expect(res.json().details[0].field).toContain('querystring');
    const es = await t.app.inject({ method: 'GET', url: '/api/categories/?pageSize=1000' });
    expect(es.json().message).toBe('Algunos campos no son válidos');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target}`,
      headers: { ...as(session), 'content-type': 'application/json' },
      payload: '{"role":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ...envelope, code: 'VALIDATION_FAILED' });
  });

  it('401, 403 and 404 keep the same shape', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile' })).json()).toMatchObject({ ...envelope, statusCode: 401 });
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ ...envelope, code: 'ROUTE_NOT_FOUND' });
  });

  it('409 from a business conflict', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict', headers: as(session) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ...envelope, code: 'ALREADY_ACTIVE', message: 'Ya existe un registro activo' });
  });

  it('413 for a body over the limit and 415 for an unsupported type', async () => {
    const big = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target}`,
      headers: { ...as(session), 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 1, pad: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ ...envelope, code: 'PAYLOAD_TOO_LARGE' });
    const xml = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target}`,
      headers: { ...as(session), 'content-type': 'application/xml' },
      payload: '<role>1</role>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ ...envelope, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('500 without internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      ...envelope,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side, please try again',
    });
    expect(res.body).not.toContain('10.0.0.5');
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('stack');
  });

  it('429 after too many sign-in attempts', async () => {
    let last = 0;
    for (let i = 0; i < 35 && last !== 429; i++) {
      last = (await t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: '10.9.9.9' })).statusCode;
    }
    expect(last).toBe(429);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: '10.9.9.9' });
    expect(res.json()).toMatchObject({ ...envelope, code: 'RATE_LIMITED' });
  });
});

/** Raw HTTP on a listening server: what Node's parser refuses never reaches app.inject. */
async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const address = t.app.server.address() as net.AddressInfo;
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (out += d));
    socket.on('close', () => resolve(out));
    // The server closes with request bytes still unread, so a reset may follow its answer (Node 24 reports it).
    socket.on('error', (err) => (out ? resolve(out) : reject(err)));
    socket.setTimeout(10_000, () => socket.destroy());
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head, body };
}

describe('errors before routing, and from parsers and the database, keep the envelope', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('431 for headers or a URL over the size limit', async () => {
    const big = await raw(`GET /api/program HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toMatchObject({ ...envelope, statusCode: 431, code: 'HEADERS_TOO_LARGE' });
    const longUrl = await raw(`GET /api/products/all?search=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    expect(JSON.parse(longUrl.body)).toMatchObject({ ...envelope, code: 'HEADERS_TOO_LARGE' });
  });

  it('414 for a path segment over the limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/slug/${'a'.repeat(600)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ ...envelope, statusCode: 414, code: 'URI_TOO_LONG' });
    // Slugs up to their own limit are routed (and simply not found).
    expect((await t.app.inject({ method: 'GET', url: `/api/products/slug/${'a'.repeat(140)}` })).statusCode).toBe(404);
  });

  it('400 for a bad Content-Length, a malformed request line and a broken percent-encoding', async () => {
    const badLength = await raw(
      'POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}',
    );
    expect(badLength.status).toBe(400);
    expect(JSON.parse(badLength.body)).toMatchObject({ ...envelope, statusCode: 400, code: 'MALFORMED_REQUEST' });
    const garbage = await raw('HELLO\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ ...envelope, code: 'MALFORMED_REQUEST' });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/categories/%ff' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ ...envelope, code: 'MALFORMED_REQUEST' });
  });

  it('400 for a multipart body that breaks off, has no boundary, or a wrong one', async () => {
    const form = await multipart({ title: 'Cafeteras', description: 'Para la oficina y la casa', storeId: 1 }, [
      { field: 'picture', name: 'a.png', data: await png(), type: 'image/png' },
    ]);
    const bodies = [
      { payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)), type: form.headers['content-type'] },
      { payload: form.payload, type: 'multipart/form-data' },
      { payload: form.payload, type: 'multipart/form-data; boundary=nothing-like-it' },
      { payload: Buffer.from('--x\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--x--\r\n'), type: 'multipart/form-data; boundary=x' },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { ...as(session), 'content-type': body.type },
        payload: body.payload,
      });
      expect(res.statusCode, body.type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body.type).toBeLessThan(500);
      expect(res.json()).toMatchObject(envelope);
    }
  });

  it('503 when the database is unavailable, 409 when a concurrent transaction won', async () => {
    const down = await t.app.inject({ method: 'GET', url: '/api/test/db-down', headers: { 'accept-language': 'en' } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ...envelope, code: 'DATABASE_UNAVAILABLE' });
    const conflict = await t.app.inject({ method: 'GET', url: '/api/test/serialization' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ ...envelope, code: 'CONFLICT' });
  });
});

describe('security headers, docs and health', () => {
  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/users/profile/'] ?? doc.paths['/api/users/profile']).toBeTruthy();
    const put = doc.paths['/api/users/{id}'].put;
    expect(JSON.stringify(put.requestBody)).toContain('adminStores');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('health answers ok, and 503 when the database is down', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', db: 'ok' });
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', db: 'down' });
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders, securityHeadersPlugin } from './security.ts';
import type { Config } from '../config.ts';

const expected = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

async function appWith(production: boolean) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { config: { production } as Config });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('no'), { statusCode: 409 });
  });
  return app;
}

const documentOnly = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it("on the API's JSON answers keep what protects an answer opened on its own, without the document-only ones", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { config: { production: true } as Config });
    for (const url of ['/api/products', '/api/docs/json', '/api/docs', '/api/auth/login', '/', '/category/x'])
      app.get(url, async () => ({ ok: true }));
    for (const url of ['/api/products', '/api/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect([res.headers['x-frame-options'], res.headers['x-content-type-options'], res.headers['cross-origin-resource-policy']]).toEqual([
        'SAMEORIGIN',
        'nosniff',
        'same-origin',
      ]);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // Pages, the documentation viewer and the sign-in redirects keep every header.
    for (const url of ['/', '/category/x', '/api/docs', '/api/docs/json', '/api/auth/login']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        if (name !== 'content-security-policy') expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });

  it('are computed once, the same as helmet gives per request, on answers, errors and unknown routes', async () => {
    const app = await appWith(false);
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe({ '/ok': 200, '/fails': 409, '/nowhere': 404 }[url]);
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    await app.close();
  });

  it('add HSTS and upgrade-insecure-requests in production', async () => {
    const headers = securityHeaders({ production: true });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toBe(`${expected['content-security-policy']};upgrade-insecure-requests`);
    const app = await appWith(true);
    const res = await app.inject({ method: 'GET', url: '/ok' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});

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

describe('security headers', () => {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { safeReturnTo } from './auth.routes.ts';

describe('returnTo after sign-in (no open redirect)', () => {
  let t: TestApp;
  /** An administrator who has signed in before, signing in through the real flow. */
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    email = (await factories(t).admin({ lastSignInAt: t.clock.now() })).email;
  });
  afterAll(() => t.close());

  const attacks = [
    '//evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/a/../..//evil.example',
    '/\\evil.example',
    '/\\\\evil.example',
    '/.\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ];

  it.each(attacks)('%s lands on this site', async (returnTo) => {
    const { landing } = await signIn(t.app, email, `?returnTo=${encodeURIComponent(returnTo)}`);
    expect(landing.startsWith('/')).toBe(true);
    expect(landing.startsWith('//')).toBe(false);
    expect(landing).not.toContain('\\');
    expect(new URL(landing, 'http://localhost:3000').host).toBe('localhost:3000');
  });

  it('keeps a real path with its query and hash', async () => {
    const { landing } = await signIn(t.app, email, `?returnTo=${encodeURIComponent('/category/oficina?order=price_asc#top')}`);
    expect(landing).toBe('/category/oficina?order=price_asc&signin=ok#top');
  });

  it('normalises as a browser would', () => {
    expect(safeReturnTo('/a/../cart')).toBe('/cart');
    expect(safeReturnTo('/.//evil.example')).toBe('/');
    expect(safeReturnTo('/%2e//evil.example')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('/myOrders')).toBe('/myOrders');
  });
});

describe('sign-in while the identity provider is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: the provider's discovery fails at once.
    t = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'rewards', OIDC_CLIENT_SECRET: 'not-used' });
  });
  afterAll(() => t.close());

  it('answers a browser with a 503 page that says what happened and how to try again', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login?returnTo=%2Fcart',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toContain('The sign-in service of your company is not answering right now');
    expect(res.body).toContain('href="/api/auth/login?returnTo=%2Fcart"');
    const es = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: { accept: 'text/html' } });
    expect(es.body).toContain('El servicio de inicio de sesión de tu empresa no responde');
  });

  it('answers an API client with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'IDENTITY_PROVIDER_UNAVAILABLE', requestId: expect.any(String) });
  });
});

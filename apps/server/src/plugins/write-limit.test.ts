import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Production settings with the demo sign-in allowed, as an operator could run it. */
const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48), ALLOW_BUNDLED_SIGN_IN: 'true' };

describe('write rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is keyed on the verified principal, else the address: made-up tokens do not buy a fresh allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 610; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products/view/1',
        remoteAddress: '10.20.30.40',
        headers: { authorization: `Bearer ${randomBytes(24).toString('base64url')}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 600).every((s) => s < 300)).toBe(true);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
    // Another address still has its own allowance.
    const other = await t.app.inject({ method: 'POST', url: '/api/products/view/1', remoteAddress: '10.20.30.41' });
    expect(other.statusCode).toBeLessThan(300);
  });
});

describe('client address behind a proxy', () => {
  const signInFrom = (t: TestApp, forwardedFor: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });

  it('ignores X-Forwarded-For in production unless TRUST_PROXY names the proxy', async () => {
    const t = await createTestApp(production);
    try {
      let last = 0;
      for (let i = 0; i < 31; i++) last = (await signInFrom(t, `198.51.100.${i}`)).statusCode;
      expect(last).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('uses the forwarded address when the request comes from a trusted proxy', async () => {
    const t = await createTestApp({ ...production, TRUST_PROXY: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await signInFrom(t, `198.51.100.${i}`)).statusCode);
      expect(statuses.every((s) => s === 302)).toBe(true);
      // From an untrusted peer the header is ignored again.
      let last = 0;
      for (let i = 0; i < 31; i++) {
        last = (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/login',
            remoteAddress: '203.0.113.9',
            headers: { 'x-forwarded-for': `192.0.2.${i}` },
          })
        ).statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await t.close();
    }
  });
});

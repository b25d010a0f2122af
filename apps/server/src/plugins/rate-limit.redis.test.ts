import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// With REDIS_URL the rate-limit counters live in Redis, shared by every instance. CI sets TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits in Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    const stale = await redis.keys('rewards-rl:*');
    if (stale.length) await redis.del(...stale);
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await createTestApp({ REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.quit();
  });

  it('counts sign-in attempts across two instances', async () => {
    const attempt = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress: '10.7.7.7' });
    let limited = 0;
    for (let i = 0; i < 16; i++) expect((await attempt(a)).statusCode).toBe(302);
    for (let i = 0; i < 14; i++) expect((await attempt(b)).statusCode).toBe(302);
    const res = await attempt(b);
    if (res.statusCode === 429) limited++;
    expect(limited).toBe(1);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect((await redis.keys('rewards-rl:*')).length).toBeGreaterThan(0);
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { fallbackStore } from './rate-limits.ts';

// The rate-limit store counts in Redis while it answers and in this process while it does not (faults/redis-loss.fault.ts).
const count = (store: { incr: (...a: never[]) => void }, key: string) =>
  new Promise<number>((resolve, reject) =>
    (store.incr as (k: string, cb: (err: Error | null, r?: { current: number }) => void, w: number, m: number) => void)(
      key,
      (err, r) => (err ? reject(err) : resolve(r!.current)),
      60_000,
      5,
    ),
  );

describe('rate limits without Redis', () => {
  // Nobody listens on port 1: the client never becomes ready.
  const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 1000 });
  down.on('error', () => undefined);
  afterAll(() => down.disconnect());

  it('counts in this process, per key, without an error', async () => {
    const Store = fallbackStore(down, 'rl-test:');
    const store = new Store({} as never);
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await count(store, 'u:1'));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await count(store, 'u:2')).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('rate limits with Redis', () => {
  it('counts in Redis while it answers', async () => {
    const redis = new Redis(redisUrl!);
    await new Promise((r) => redis.once('ready', r));
    const key = `u:${Date.now()}`;
    const Store = fallbackStore(redis, 'rl-test:');
    expect(await count(new Store({} as never), key)).toBe(1);
    expect(await count(new Store({} as never), key)).toBe(2);
    expect(await redis.get(`rl-test:${key}`)).toBe('2');
    await redis.del(`rl-test:${key}`);
    await redis.quit();
  });
});

import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

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
    expect(await cache.json('k', produce)).toBe('{"n":3}');
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

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new ResponseCache({ maxEntries: 2, ttlMs: 1000 });
    for (const k of ['a', 'b', 'c']) await cache.json(k, async () => k);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('"c"');
  });
});

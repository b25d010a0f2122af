import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { benchCeilingPlugin } from './bench-ceiling.ts';

describe('bench ceiling', () => {
  it('answers the bytes of another GET once read, or N bytes of ASCII', async () => {
    const app = Fastify();
    await app.register(benchCeilingPlugin);
    let reads = 0;
    app.get('/api/rows', async () => ({ reads: ++reads, name: 'Café' }));
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: `/api/bench/ceiling?of=${encodeURIComponent('/api/rows')}` });
      expect(res.body).toBe('{"reads":1,"name":"Café"}');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(reads).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/bench/ceiling?bytes=10' })).body).toBe('"xxxxxxxx"');
    // Only this API's own answers, never itself.
    expect((await app.inject({ method: 'GET', url: '/api/bench/ceiling?of=/api/bench/ceiling&bytes=4' })).body).toBe('"xx"');
    await app.close();
  });
});

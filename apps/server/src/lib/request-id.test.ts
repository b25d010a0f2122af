import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { requestIdGenerator } from './request-id.ts';

// One request id in every log line of a request, in its error body and in X-Request-Id.
const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug', TRUST_PROXY: '127.0.0.1' }, undefined, {
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('puts the same id in the X-Request-Id header, the error body and every log line of the request', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/products/slug/no-such-product' });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(res.json().requestId).toBe(id);
    const ofRequest = lines.filter((l) => l.reqId !== undefined);
    // At debug: the incoming request and its completion, at least.
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ofRequest.map((l) => l.reqId))).toEqual(new Set([id]));
    // No line speaks of this request without its id.
    expect(lines.filter((l) => JSON.stringify(l).includes('no-such-product') && l.reqId !== id)).toEqual([]);
  });

  it('sends an id on successful answers too, a new one per request', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it("keeps the trusted proxy's X-Request-Id when it is a safe short token, in the header, the body and the log", async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'x-request-id': 'nginx-2f9c1a7b44e0d' },
      payload: { lines: [] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('nginx-2f9c1a7b44e0d');
    expect(res.json().requestId).toBe('nginx-2f9c1a7b44e0d');
    expect(lines.some((l) => l.reqId === 'nginx-2f9c1a7b44e0d')).toBe(true);
  });

  it('replaces an unsafe or overlong incoming id with its own', async () => {
    for (const unsafe of ['a"b\\nINFO forged line', 'x'.repeat(65), 'short', '<script>alert(1)</script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(UUID);
    }
  });

  it('trusts no incoming id without a trusted proxy', () => {
    const req = { headers: { 'x-request-id': 'nginx-2f9c1a7b44e0d' } } as never;
    expect(requestIdGenerator(false)(req)).toMatch(UUID);
    expect(requestIdGenerator(undefined)(req)).toMatch(UUID);
    expect(requestIdGenerator(['10.0.0.0/8'])(req)).toBe('nginx-2f9c1a7b44e0d');
  });
});

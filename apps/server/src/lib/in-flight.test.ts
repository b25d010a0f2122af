import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let release: () => void = () => undefined;
let started: () => void = () => undefined;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    });
  });
});
afterAll(() => t.close());

describe('drained (graceful shutdown)', () => {
  it('waits for running /api handlers, and only for them', async () => {
    await t.app.drained(1000); // nothing running: immediate
    const running = new Promise<void>((resolve) => (started = resolve));
    const response = t.app.inject({ method: 'GET', url: '/api/test/slow' });
    await running;
    let drained = false;
    const waiting = t.app.drained(5000).then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false);
    release();
    await waiting;
    expect(drained).toBe(true);
    expect((await response).json()).toEqual({ ok: true });
  });
});

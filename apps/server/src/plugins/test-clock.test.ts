import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { movableClock } from '../lib/clock.ts';
import { sealAudit, verifyAudit } from '../modules/audit/audit.service.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { testClockPlugin } from './test-clock.ts';

const SECRET = 'a-production-secret-of-at-least-32-characters-long';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function journeysApp(runJobs: (now: Date) => Promise<Record<string, number>> = async () => ({})) {
  const clock = movableClock();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(testClockPlugin, { db: t.db, clock, runJobs });
  return { app, clock };
}

describe('the journeys’ movable clock (TEST_CLOCK_ROUTES)', () => {
  it('is off unless asked, and refused in production', () => {
    expect(loadConfig({}).testClockRoutes).toBe(false);
    expect(loadConfig({ TEST_CLOCK_ROUTES: 'true' }).testClockRoutes).toBe(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, ALLOW_BUNDLED_SIGN_IN: 'true' };
    expect(loadConfig(production).testClockRoutes).toBe(false);
    expect(() => loadConfig({ ...production, TEST_CLOCK_ROUTES: 'true' })).toThrow(/refused in production/);
  });

  it('moves the clock forward and runs the jobs on it', async () => {
    const ran: Date[] = [];
    const { app, clock } = await journeysApp(async (now) => (ran.push(now), { escalated: 1 }));
    const before = Date.now();
    const res = await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: 7 } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { now: string; escalated: number } };
    expect(body.data.escalated).toBe(1);
    expect(Date.parse(body.data.now) - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 1000);
    expect(ran).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: '7' } })).statusCode).toBe(400);
    // Back again, so the journeys after the one that moved it see today.
    expect((await app.inject({ method: 'POST', url: '/api/test/clock', payload: { days: -7 } })).statusCode).toBe(200);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    await app.close();
  });

  it('edits the newest sealed audit entry behind the triggers, which the chain check names, and puts it back', async () => {
    await factories(t).shopper({ storeId: 1 }); // a person made: an entry with content after
    await sealAudit(t.db, { wait: true });
    expect((await verifyAudit(t.db)).ok).toBe(true);
    const { app } = await journeysApp();
    const edit = await app.inject({ method: 'POST', url: '/api/test/audit/edit', payload: { restore: false } });
    expect(edit.statusCode).toBe(200);
    const { seq } = (edit.json() as { data: { seq: number } }).data;
    const broken = await verifyAudit(t.db);
    expect(broken).toMatchObject({ ok: false, firstMismatch: { seq, reason: 'content' } });
    expect((await app.inject({ method: 'POST', url: '/api/test/audit/edit', payload: { restore: true } })).statusCode).toBe(200);
    expect((await verifyAudit(t.db)).ok).toBe(true);
    await app.close();
  });
});

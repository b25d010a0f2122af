import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OwnCelebrations } from '@rewards/shared/celebrations';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// A person's own celebrations (docs/architecture.md A6.17): their birthday (settable, never a year), their
// hire date (read only: the administrators'), and per kind whether they are celebrated in the feed,
// privately or not at all, or as their store decides (null), with the store's defaults shown.

let t: TestApp;
let make: ReturnType<typeof factories>;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
let withSettings: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  const plain = (await make.store({ title: 'Oficina Querétaro' })).id;
  withSettings = (await make.store({ title: 'Oficina León' })).id;
  await t.db.insert(s.celebrationSettings).values({ storeId: withSettings, defaultBirthday: 'private', defaultWelcome: 'none' });
  const people = {
    ana: await make.shopper({ storeId: plain }),
    luis: await make.shopper({ storeId: withSettings }),
    nadie: await make.shopper({ storeId: null }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
  await t.db.update(s.users).set({ hireDate: '2021-06-01' }).where(eq(s.users.id, idOf.luis!));
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

const URL = '/api/users/profile/celebrations';
const get = async (who: string) => {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: as(sessions[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OwnCelebrations }>().data;
};
const put = (who: string | undefined, payload: unknown, lang = 'es') =>
  t.app.inject({
    method: 'PUT',
    url: URL,
    headers: { ...(who ? as(sessions[who]) : ORIGIN), 'accept-language': lang },
    payload: payload as object,
  });
const none = { birthday: null, anniversary: null, welcome: null };

describe('GET /api/users/profile/celebrations', () => {
  it("shows the program's defaults where the store saved none, and the store's where it did", async () => {
    const publicAll = { birthday: 'public', anniversary: 'public', welcome: 'public' };
    expect(await get('ana')).toEqual({ birthday: null, hireDate: null, choices: none, defaults: publicAll, storeDefaultsFrom: 'program' });
    expect(await get('nadie')).toMatchObject({ defaults: publicAll, storeDefaultsFrom: 'program' });
    expect(await get('luis')).toEqual({
      birthday: null,
      hireDate: '2021-06-01',
      choices: none,
      defaults: { birthday: 'private', anniversary: 'public', welcome: 'none' },
      storeDefaultsFrom: 'store',
    });
    expect((await t.app.inject({ method: 'GET', url: URL, headers: ORIGIN })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile/celebrations', () => {
  it('saves the birthday and each choice, leaves out what is not sent, and null goes back to the store default', async () => {
    const saved = await put('luis', { birthday: '02-29', choices: { birthday: 'none', welcome: 'private' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      birthday: '02-29',
      hireDate: '2021-06-01',
      choices: { birthday: 'none', anniversary: null, welcome: 'private' },
    });
    expect((await put('luis', { choices: { anniversary: 'public', welcome: null } })).statusCode).toBe(200);
    expect(await get('luis')).toMatchObject({ birthday: '02-29', choices: { birthday: 'none', anniversary: 'public', welcome: null } });
    const rows = await t.db.select().from(s.celebrationChoices).where(eq(s.celebrationChoices.userId, idOf.luis!));
    expect(rows.map((r) => [r.kind, r.choice]).sort()).toEqual([
      ['anniversary', 'public'],
      ['birthday', 'none'],
    ]);
    expect((await put('luis', { birthday: null, choices: { birthday: 'public' } })).json().data).toMatchObject({
      birthday: null,
      choices: { birthday: 'public', anniversary: 'public', welcome: null },
    });
    // Only their own: another person's choices are untouched.
    expect(await get('ana')).toMatchObject({ choices: none });
    const [ana] = await t.db
      .select()
      .from(s.celebrationChoices)
      .where(and(eq(s.celebrationChoices.userId, idOf.ana!), eq(s.celebrationChoices.kind, 'birthday')));
    expect(ana).toBeUndefined();
  });

  it('refuses a hire date (the administrators set it), a wrong birthday or choice, and an empty request', async () => {
    const hire = await put('ana', { hireDate: '2020-01-01' });
    expect(hire.statusCode).toBe(400);
    expect(hire.json().code).toBe('VALIDATION_FAILED');
    for (const birthday of ['02-30', '1990-05-14', '31/12']) {
      const res = await put('ana', { birthday });
      expect(res.statusCode, birthday).toBe(400);
      expect(res.json().details[0].field).toBe('body.birthday');
    }
    const wrongChoice = await put('ana', { choices: { birthday: 'loud' } });
    expect(wrongChoice.statusCode).toBe(400);
    expect(wrongChoice.json().details[0].field).toBe('body.choices.birthday');
    expect((await put('ana', { choices: { farewell: 'public' } })).statusCode).toBe(400);
    for (const body of [{}, { choices: {} }]) {
      const res = await put('ana', body, 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NOTHING_TO_CHANGE', message: 'The request changes nothing: send at least one field' });
    }
    expect((await put(undefined, { birthday: '01-01' })).statusCode).toBe(401);
    expect(await get('ana')).toMatchObject({ birthday: null, choices: none });
  });
});

describe('a birthday saved for today', () => {
  it("is celebrated at once when the store's hour has passed, and only once however often it is saved", async () => {
    // The test clock reads 2026-03-02 15:00 UTC: past 08:00 in the program's zone.
    const u = await make.shopper({ name: 'Eva', lastName: 'Hoy' });
    sessions.eva = u.session;
    for (let i = 0; i < 2; i++) expect((await put('eva', { birthday: '03-02' })).statusCode).toBe(200);
    const kept = await t.db.select().from(s.celebrations).where(eq(s.celebrations.userId, u.id));
    expect(kept.map((c) => [c.kind, c.year, c.onDate, c.choice, c.points])).toEqual([['birthday', 2026, '2026-03-02', 'public', 50]]);
    const feed = await t.app.inject({ method: 'GET', url: '/api/recognitions?kind=celebration', headers: as(u.session) });
    expect(feed.statusCode).toBe(200);
    const items = feed.json<{ data: { kind: string; giver: unknown; recipients: { id: number }[] }[] }>().data;
    expect(items.filter((r) => r.recipients.some((p) => p.id === u.id))).toEqual([
      expect.objectContaining({ kind: 'birthday', giver: null }),
    ]);
    const credited = await t.db
      .select()
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.userId, u.id), eq(s.pointTransactions.kind, 'celebration')));
    expect(credited.map((x) => x.value)).toEqual([50]);
  });
});

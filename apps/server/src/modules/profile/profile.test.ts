import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { profileCategories } from '@rewards/shared/profile';
import { as, createTestApp, ORIGIN, signIn, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
const sessions: Record<string, string> = {};
const ids: Record<string, number> = {};
const emails: Record<string, string> = {};
/**
 * Three offices of this file, in Spain, far from any other store of the database: Madrid (Ana's, with every
 * profile category), Sevilla (Luis's) and Barcelona, each with the profile categories the tests use.
 */
const stores: Record<'MAD' | 'SVQ' | 'BCN', number> = { MAD: 0, SVQ: 0, BCN: 0 };
beforeAll(async () => {
  // Teams configured, so it may be chosen (its refusal without configuration: modules/teams/teams.test.ts).
  t = await createTestApp({ TEAMS_TENANT_ID: 'contoso', TEAMS_CLIENT_ID: 'app', TEAMS_CLIENT_SECRET: 'secret' });
  make = factories(t);
  stores.MAD = (await make.store({ title: 'Oficina Madrid', lat: 40.4168, long: -3.7038 })).id;
  stores.SVQ = (await make.store({ title: 'Oficina Sevilla', lat: 37.3891, long: -5.9845 })).id;
  stores.BCN = (await make.store({ title: 'Oficina Barcelona', lat: 41.3874, long: 2.1686 })).id;
  // Madrid's catalogue has every profile category, made in reverse order (the list follows P9, not the ids).
  for (const { value, label } of profileCategories.toReversed()) await make.category({ storeId: stores.MAD, slug: value, title: label.es });
  for (const storeId of [stores.SVQ, stores.BCN]) {
    for (const slug of ['deportes', 'viajes']) await make.category({ storeId, slug });
  }
  // Ana and Luis have the profile row every signed-in user has; Ana's store was set for her (no source).
  const people = {
    ana: await make.shopper({ storeId: stores.MAD, profile: true }),
    luis: await make.shopper({ storeId: stores.SVQ, profile: true }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    ids[who] = u.id;
    emails[who] = u.email;
  }
});
afterAll(() => t.close());

const get = (url: string, who?: string, lang = 'es') =>
  t.app.inject({ method: 'GET', url, headers: { ...(who ? as(sessions[who]) : {}), 'accept-language': lang } });
const post = (url: string, who: string | undefined, payload: unknown, lang = 'es') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? as(sessions[who]) : ORIGIN), 'accept-language': lang },
    payload: payload as object,
  });

async function categoryId(storeId: number, slug: string) {
  const [c] = await t.db
    .select({ id: s.categories.id })
    .from(s.categories)
    .where(and(eq(s.categories.storeId, storeId), eq(s.categories.slug, slug)));
  return c!.id;
}

const form = (over: Record<string, unknown> = {}) => ({
  city: 'Monterrey',
  postalCode: '64000',
  state: 'Nuevo León',
  address: 'Av. Constitución 100, Centro',
  preferredContact: 'teams',
  preferredCategoryId: null,
  officeInCity: true,
  ...over,
});

describe('catalog lists', () => {
  it('answers tracking statuses and contact methods in both languages, to anyone', async () => {
    const tracking = (await get('/api/catalog/tracking')).json().data;
    expect(tracking.map((o: { id: number }) => o.id)).toEqual([1, 2, 3, 4, 5]);
    expect(tracking[1]).toEqual({ id: 2, value: 'in_progress', label: { en: 'Approved', es: 'Aprobado' } });
    const contact = (await get('/api/userPreferences/contactPreferences')).json().data;
    expect(contact).toEqual([
      { id: null, value: 'teams', label: { en: 'Teams', es: 'Teams' }, available: true },
      { id: null, value: 'email', label: { en: 'E-mail', es: 'Correo' }, available: true },
    ]);
  });

  it("lists the profile categories of the user's store, in the order of docs/architecture.md P9, by the store's category ids", async () => {
    const res = await get('/api/catalog/categories', 'ana');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; value: string; label: { en: string } }[];
    expect(list.map((c) => c.label.en)).toEqual([
      'Sports',
      'Travel',
      'Pets',
      'Personal Care',
      'Leisure',
      'Office',
      'Outdoors',
      'Backpacks',
      'Home',
      'Electronics',
      'Thermoses and Mugs',
      'Teams',
    ]);
    expect(list[0]!.id).toBe(await categoryId(stores.MAD, 'deportes'));
    // Luis shops in another store: the same list, that store's categories.
    const luis = (await get('/api/catalog/categories', 'luis')).json().data;
    expect(luis[0].id).not.toBe(list[0]!.id);
    expect((await get('/api/catalog/categories')).statusCode).toBe(401);
  });
});

describe('profile and preferences', () => {
  it('starts with the defaults of a profile never saved', async () => {
    const res = await get('/api/userPreferences', 'ana');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ city: null, preferredContact: 'email', savedAt: null, storeId: stores.MAD });
    expect((await get('/api/userPreferences')).statusCode).toBe(401);
  });

  it('saves the preferences, answers them, and keeps them for the next session', async () => {
    const sports = await categoryId(stores.MAD, 'deportes');
    const res = await post('/api/users/profile', 'ana', form({ preferredCategoryId: sports, postalCode: 'ab-12' }), 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Monterrey',
      postalCode: 'AB-12',
      preferredContact: 'teams',
      preferredCategoryId: sports,
      officeInCity: true,
      language: 'en',
      storeId: stores.MAD,
    });
    expect(res.json().data.savedAt).toBe('2026-03-02T15:00:00.000Z');
    const again = await signIn(t.app, emails.ana!);
    const read = (await get('/api/userPreferences', undefined)).statusCode;
    expect(read).toBe(401);
    const kept = await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(again.session) });
    expect(kept.json().data).toMatchObject({ city: 'Monterrey', preferredCategoryId: sports, preferredContact: 'teams' });
  });

  it('refuses invalid fields with their messages, field by field', async () => {
    const res = await post(
      '/api/users/profile',
      'ana',
      form({ city: '', postalCode: '6400#', address: 'x', preferredContact: 'fax', officeInCity: 'maybe' }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Algunos campos no son válidos');
    // The first message of each field (what the form shows).
    const byField = Object.fromEntries(body.details.toReversed().map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(byField).toMatchObject({
      'body.city': 'Required field',
      'body.postalCode': 'Invalid postal code',
      'body.address': 'Too short!',
      'body.preferredContact': 'Choose an option',
      'body.officeInCity': 'Choose an option',
    });
    const long = await post('/api/users/profile', 'ana', form({ state: 'x'.repeat(81), extra: 1 }));
    expect(long.statusCode).toBe(400);
    expect(long.json().details.map((d: { field: string }) => d.field)).toContain('body.state');
    const nul = await post('/api/users/profile', 'ana', form({ city: 'Mon\u0000terrey' }));
    expect(nul.statusCode).toBe(400);
  });

  it('refuses a category of another store, or a store that is not active', async () => {
    const otherStore = await categoryId(stores.SVQ, 'deportes');
    const res = await post('/api/users/profile', 'ana', form({ preferredCategoryId: otherStore }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.preferredCategoryId', message: 'Choose a category of your store', code: 'custom' }]);
    const missing = await post('/api/users/profile', 'ana', form({ storeId: 99999 }));
    expect(missing.json().details[0].field).toBe('body.storeId');
    const unsigned = await post('/api/users/profile', undefined, form());
    expect(unsigned.statusCode).toBe(401);
  });

  it('choosing a store in the profile moves the user there and takes a category of that store', async () => {
    const bcnSports = await categoryId(stores.BCN, 'deportes');
    const res = await post('/api/users/profile', 'luis', form({ storeId: stores.BCN, preferredCategoryId: bcnSports }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ storeId: stores.BCN, storeSource: 'chosen', preferredCategoryId: bcnSports });
    const profile = (await get('/api/users/profile', 'luis')).json().data;
    expect(profile).toMatchObject({ storeId: stores.BCN, storeName: 'Oficina Barcelona' });
  });
});

describe('nearest store', () => {
  const barcelona = { latitude: 41.4, longitude: 2.17 };

  it('validates the position', async () => {
    for (const body of [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -181 },
      { latitude: 'x', longitude: 0 },
      { latitude: 1 },
    ]) {
      const res = await post('/api/users/store/nearest', 'ana', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('INVALID_COORDINATES');
    }
    expect((await post('/api/users/store/nearest', undefined, barcelona)).statusCode).toBe(401);
  });

  it('moves a user of the default store to the nearest one, once, with their category; never a chosen store', async () => {
    // A new employee whose first sign-in had no position: the default store (here Sevilla), recorded as such.
    const newcomer = await make.shopper({ storeId: stores.SVQ, profile: { storeSource: 'default' } });
    const first = await signIn(t.app, newcomer.email);
    expect(first.landing).toContain('signin=new');
    const nuevo = first.session!;
    const call = (session: string, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/users/store/nearest', headers: as(session), payload: body as object });
    const before = (await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(nuevo) })).json().data;
    expect(before).toMatchObject({ storeId: stores.SVQ, storeSource: 'default' });
    const svqTravel = await categoryId(stores.SVQ, 'viajes');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: as(nuevo),
      payload: form({ preferredCategoryId: svqTravel }),
    });

    const moved = await call(nuevo, barcelona);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ storeId: stores.BCN, storeName: 'Oficina Barcelona', changed: true, storeSource: 'nearest' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(nuevo) })).json().data;
    expect(after).toMatchObject({ storeId: stores.BCN, preferredCategoryId: await categoryId(stores.BCN, 'viajes'), city: 'Monterrey' });

    // Once nearest, a position elsewhere does not move the user again.
    const sevilla = { latitude: 37.4, longitude: -5.99 };
    expect((await call(nuevo, sevilla)).json().data).toMatchObject({ storeId: stores.BCN, changed: false });
    // Ana's store was set for her: never replaced; nor is a chosen one (Luis).
    expect((await call(sessions.ana!, barcelona)).json().data).toMatchObject({ storeId: stores.MAD, changed: false });
    expect((await call(sessions.luis!, sevilla)).json().data).toMatchObject({
      storeId: stores.BCN,
      changed: false,
      storeSource: 'chosen',
    });
  });

  it('gives a user without a store the nearest active store', async () => {
    const storeless = await make.shopper({ storeId: null, profile: true });
    await t.db.update(s.stores).set({ active: false }).where(eq(s.stores.id, stores.BCN));
    const res = await t.app.inject({ method: 'POST', url: '/api/users/store/nearest', headers: storeless.headers, payload: barcelona });
    // Barcelona is closed: Madrid is nearer than Sevilla.
    expect(res.json().data).toMatchObject({ storeId: stores.MAD, changed: true });
    await t.db.update(s.stores).set({ active: true }).where(eq(s.stores.id, stores.BCN));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, signIn, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const sessions: Record<string, string> = {};
const stores: Record<string, number> = {};
beforeAll(async () => {
  // Teams configured, so it may be chosen (its refusal without configuration: modules/teams/teams.test.ts).
  t = await createTestApp({ TEAMS_TENANT_ID: 'contoso', TEAMS_CLIENT_ID: 'app', TEAMS_CLIENT_SECRET: 'secret' });
  for (const who of ['ana', 'admin', 'luis']) sessions[who] = (await signIn(t.app, `${who}@rewards.test`)).session!;
  for (const st of await t.db.select().from(s.stores)) stores[st.sedeId!] = st.id;
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
    expect(list[0]!.id).toBe(await categoryId(stores.CDMX!, 'deportes'));
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
    expect(res.json().data).toMatchObject({ city: null, preferredContact: 'email', savedAt: null, storeId: stores.CDMX });
    expect((await get('/api/userPreferences')).statusCode).toBe(401);
  });

  it('saves the preferences, answers them, and keeps them for the next session', async () => {
    const sports = await categoryId(stores.CDMX!, 'deportes');
    const res = await post('/api/users/profile', 'ana', form({ preferredCategoryId: sports, postalCode: 'ab-12' }), 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Monterrey',
      postalCode: 'AB-12',
      preferredContact: 'teams',
      preferredCategoryId: sports,
      officeInCity: true,
      language: 'en',
      storeId: stores.CDMX,
    });
    expect(res.json().data.savedAt).toBe('2026-03-02T15:00:00.000Z');
    const again = await signIn(t.app, 'ana@rewards.test');
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
    const otherStore = await categoryId(stores.GDL!, 'deportes');
    const res = await post('/api/users/profile', 'ana', form({ preferredCategoryId: otherStore }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'body.preferredCategoryId', message: 'Choose a category of your store', code: 'custom' }]);
    const missing = await post('/api/users/profile', 'ana', form({ storeId: 99999 }));
    expect(missing.json().details[0].field).toBe('body.storeId');
    const unsigned = await post('/api/users/profile', undefined, form());
    expect(unsigned.statusCode).toBe(401);
  });

  it('choosing a store in the profile moves the user there and takes a category of that store', async () => {
    const mtySports = await categoryId(stores.MTY!, 'deportes');
    const res = await post('/api/users/profile', 'luis', form({ storeId: stores.MTY, preferredCategoryId: mtySports }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ storeId: stores.MTY, storeSource: 'chosen', preferredCategoryId: mtySports });
    const profile = (await get('/api/users/profile', 'luis')).json().data;
    expect(profile).toMatchObject({ storeId: stores.MTY, storeName: 'Oficina Monterrey' });
  });
});

describe('nearest store', () => {
  const monterrey = { latitude: 25.68, longitude: -100.31 };

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
    expect((await post('/api/users/store/nearest', undefined, monterrey)).statusCode).toBe(401);
  });

  it('moves a user of the default store to the nearest one, once, with their category; never a chosen store', async () => {
    const first = await signIn(t.app, 'nuevo@rewards.test');
    expect(first.landing).toContain('signin=new');
    const nuevo = first.session!;
    const call = (session: string, body: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/users/store/nearest', headers: as(session), payload: body as object });
    // No position at sign-in: the default (first) store.
    const before = (await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(nuevo) })).json().data;
    expect(before).toMatchObject({ storeId: stores.CDMX, storeSource: 'default' });
    const cdmxTravel = await categoryId(stores.CDMX!, 'viajes');
    await t.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: as(nuevo),
      payload: form({ preferredCategoryId: cdmxTravel }),
    });

    const moved = await call(nuevo, monterrey);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ storeId: stores.MTY, storeName: 'Oficina Monterrey', changed: true, storeSource: 'nearest' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(nuevo) })).json().data;
    expect(after).toMatchObject({ storeId: stores.MTY, preferredCategoryId: await categoryId(stores.MTY!, 'viajes'), city: 'Monterrey' });

    // Once nearest, a position elsewhere does not move the user again.
    const guadalajara = { latitude: 20.67, longitude: -103.4 };
    expect((await call(nuevo, guadalajara)).json().data).toMatchObject({ storeId: stores.MTY, changed: false });
    // Ana's store was set for her (seed): never replaced; nor is a chosen one (Luis).
    expect((await call(sessions.ana!, monterrey)).json().data).toMatchObject({ storeId: stores.CDMX, changed: false });
    expect((await call(sessions.luis!, guadalajara)).json().data).toMatchObject({
      storeId: stores.MTY,
      changed: false,
      storeSource: 'chosen',
    });
  });

  it('gives a user without a store the nearest active store', async () => {
    const [admin] = await t.db.select().from(s.users).where(eq(s.users.email, 'admin@rewards.test'));
    await t.db.update(s.users).set({ storeId: null }).where(eq(s.users.id, admin!.id));
    await t.db.update(s.stores).set({ active: false }).where(eq(s.stores.id, stores.MTY!));
    const res = await post('/api/users/store/nearest', 'admin', monterrey);
    // Monterrey is closed: Guadalajara is nearer than Mexico City.
    expect(res.json().data).toMatchObject({ storeId: stores.GDL, changed: true });
    await t.db.update(s.stores).set({ active: true }).where(eq(s.stores.id, stores.MTY!));
    await t.db.update(s.users).set({ storeId: admin!.storeId }).where(eq(s.users.id, admin!.id));
  });
});

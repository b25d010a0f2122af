import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterAll(() => t.close());

const madrid = { latitude: 40.4168, longitude: -3.7038 };
const atSea = { latitude: 30, longitude: -45 };

const reverse = (query: string, headers: Record<string, string> = ORIGIN, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/places/reverse?${query}`, headers: { ...headers, 'accept-language': lang } });
const putPosition = (headers: Record<string, string>, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/profile/position',
    headers: { ...headers, 'accept-language': lang },
    payload: payload as object,
  });
const preferences = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/userPreferences', headers })).json().data;
const session = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers })).json().data;

describe('GET /api/places/reverse', () => {
  it('answers the country, continent and time zone of Madrid in both languages, offline', async () => {
    const user = await make.shopper();
    const res = await reverse('latitude=40.4168&longitude=-3.7038', user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      latitude: 40.4168,
      longitude: -3.7038,
      countryCode: 'ES',
      countryName: { es: 'España', en: 'Spain' },
      continent: 'EU',
      continentName: { es: 'Europa', en: 'Europe' },
      timeZone: 'Europe/Madrid',
    });
  });

  it('answers no country at sea (not an error), and a nautical time zone', async () => {
    const user = await make.shopper();
    const res = await reverse('latitude=30&longitude=-45', user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      countryCode: null,
      countryName: null,
      continent: null,
      continentName: null,
      timeZone: 'Etc/GMT+3',
    });
  });

  it('refuses coordinates out of range, not numbers, missing or extra with 400 INVALID_COORDINATES naming the field', async () => {
    const user = await make.shopper();
    const cases: [string, string[]][] = [
      ['latitude=91&longitude=0', ['querystring.latitude']],
      ['latitude=-90.5&longitude=0', ['querystring.latitude']],
      ['latitude=0&longitude=-181', ['querystring.longitude']],
      ['latitude=abc&longitude=0', ['querystring.latitude']],
      ['latitude=Infinity&longitude=0', ['querystring.latitude']],
      ['latitude=40&longitude=', ['querystring.longitude']],
      ['longitude=3', ['querystring.latitude']],
      ['latitude=95&longitude=200', ['querystring.latitude', 'querystring.longitude']],
      ['latitude=1&longitude=1&zoom=3', ['querystring']],
    ];
    for (const [query, fields] of cases) {
      const res = await reverse(query, user.headers);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.code, query).toBe('INVALID_COORDINATES');
      expect(body.message).toBe('The position is not valid: latitude goes from -90 to 90 and longitude from -180 to 180');
      expect(body.details.map((d: { field: string }) => d.field).sort(), query).toEqual(fields);
    }
    const es = (await reverse('latitude=91&longitude=0', user.headers, 'es')).json();
    expect(es.message).toBe('La posición no es válida: la latitud va de -90 a 90 y la longitud de -180 a 180');
    expect(es.details).toEqual([{ field: 'querystring.latitude', message: 'Latitude must be a number from -90 to 90', code: 'too_big' }]);
  });

  it('answers the edges of the ranges', async () => {
    const user = await make.shopper();
    for (const query of ['latitude=90&longitude=180', 'latitude=-90&longitude=-180', 'latitude=0&longitude=0']) {
      const res = await reverse(query, user.headers);
      expect(res.statusCode, query).toBe(200);
      expect(typeof res.json().data.timeZone).toBe('string');
    }
  });

  it('is for signed-in users only', async () => {
    expect((await reverse('latitude=40.4&longitude=-3.7')).statusCode).toBe(401);
  });
});

describe('the saved position', () => {
  it('keeps Madrid with the profile: preferences show the place, the session its time zone', async () => {
    const user = await make.shopper();
    expect((await preferences(user.headers)).place).toBeNull();
    expect((await session(user.headers)).timeZone).toBeNull();

    const res = await putPosition(user.headers, madrid);
    expect(res.statusCode).toBe(200);
    const saved = {
      latitude: 40.4168,
      longitude: -3.7038,
      countryCode: 'ES',
      countryName: { es: 'España', en: 'Spain' },
      continent: 'EU',
      continentName: { es: 'Europa', en: 'Europe' },
      timeZone: 'Europe/Madrid',
      locatedAt: t.clock.now().toISOString(),
    };
    expect(res.json().data).toEqual(saved);
    expect((await preferences(user.headers)).place).toEqual(saved);
    expect((await session(user.headers)).timeZone).toBe('Europe/Madrid');

    const [row] = await t.db.select().from(s.profiles).where(eq(s.profiles.userId, user.id));
    expect(row).toMatchObject({ latitude: 40.4168, longitude: -3.7038, countryCode: 'ES', continent: 'EU', timeZone: 'Europe/Madrid' });
  });

  it('replaces the place when the user moves, keeps an empty country at sea, and leaves the form fields alone', async () => {
    const user = await make.shopper();
    await t.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: user.headers,
      payload: {
        city: 'Madrid',
        postalCode: '28013',
        state: 'Madrid',
        address: 'Puerta del Sol 1',
        preferredContact: 'email',
        preferredCategoryId: null,
        officeInCity: false,
      },
    });
    await putPosition(user.headers, madrid);
    const sea = await putPosition(user.headers, atSea);
    expect(sea.statusCode).toBe(200);
    const prefs = await preferences(user.headers);
    expect(prefs).toMatchObject({ city: 'Madrid', postalCode: '28013' });
    expect(prefs.place).toMatchObject({
      latitude: 30,
      longitude: -45,
      countryCode: null,
      countryName: null,
      continent: null,
      timeZone: 'Etc/GMT+3',
    });
    expect((await session(user.headers)).timeZone).toBe('Etc/GMT+3');
  });

  it('refuses an invalid position with INVALID_COORDINATES and keeps the one saved', async () => {
    const user = await make.shopper();
    await putPosition(user.headers, madrid);
    for (const body of [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: 181 },
      { latitude: 'north', longitude: 0 },
      { latitude: 10 },
      { latitude: 10, longitude: 10, city: 'x' },
    ]) {
      const res = await putPosition(user.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('INVALID_COORDINATES');
    }
    expect((await preferences(user.headers)).place).toMatchObject({ countryCode: 'ES', timeZone: 'Europe/Madrid' });
  });

  it("forgets the position on request; one user's position is never another's", async () => {
    const one = await make.shopper();
    const other = await make.shopper();
    await putPosition(one.headers, madrid);
    await putPosition(other.headers, { latitude: 19.4326, longitude: -99.1332 });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/users/profile/position', headers: one.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.place).toBeNull();
    expect((await session(one.headers)).timeZone).toBeNull();
    expect((await preferences(other.headers)).place).toMatchObject({ countryCode: 'MX', timeZone: 'America/Mexico_City' });
    // Forgetting twice, or with nothing saved, is not an error.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/profile/position', headers: one.headers })).statusCode).toBe(200);
  });

  it('keeps the browser position the layout sends for the nearest store', async () => {
    const user = await make.shopper();
    const res = await t.app.inject({ method: 'POST', url: '/api/users/store/nearest', headers: user.headers, payload: madrid });
    expect(res.statusCode).toBe(200);
    expect((await preferences(user.headers)).place).toMatchObject({ countryCode: 'ES', continent: 'EU', timeZone: 'Europe/Madrid' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/store/nearest',
      headers: user.headers,
      payload: { latitude: -91, longitude: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_COORDINATES');
  });

  it('is for signed-in users only', async () => {
    expect((await putPosition(ORIGIN, madrid)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/profile/position', headers: ORIGIN })).statusCode).toBe(401);
  });

  it('keeps a position in the database only whole: a partial one is refused by the table', async () => {
    const user = await make.shopper();
    await putPosition(user.headers, madrid);
    await expect(t.db.update(s.profiles).set({ timeZone: null }).where(eq(s.profiles.userId, user.id))).rejects.toThrow();
    await expect(t.db.update(s.profiles).set({ latitude: 95 }).where(eq(s.profiles.userId, user.id))).rejects.toThrow();
  });
});

describe('stores', () => {
  it('show the time zone of their coordinates', async () => {
    const user = await make.shopper();
    const list = (await t.app.inject({ method: 'GET', url: '/api/stores/', headers: user.headers })).json().data as {
      location: string;
      lat: number;
      timeZone: string;
    }[];
    expect(list.length).toBeGreaterThan(0);
    const zones = Object.fromEntries(list.map((st) => [st.lat.toFixed(1), st.timeZone]));
    expect(zones).toMatchObject({ '19.4': 'America/Mexico_City', '25.7': 'America/Monterrey' });

    const superAdmin = await make.superAdmin();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: superAdmin.headers,
      payload: { title: 'Oficina Madrid', location: 'Calle de Alcalá 1, Madrid', lat: 40.4168, long: -3.7038 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.timeZone).toBe('Europe/Madrid');
    const id = created.json().data.id;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${id}`,
      headers: superAdmin.headers,
      payload: { lat: 19.4326, long: -99.1332 },
    });
    expect(moved.json().data.timeZone).toBe('America/Mexico_City');
    await t.app.inject({ method: 'DELETE', url: `/api/stores/delete/${id}`, headers: superAdmin.headers });
  });
});

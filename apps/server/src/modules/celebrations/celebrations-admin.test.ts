import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { CelebrationSettings, UpcomingCelebration } from '@rewards/shared/celebration-admin';
import { DEFAULT_CELEBRATIONS } from '@rewards/shared/celebration-rules';
import type { ListResponse } from '@rewards/shared/common';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { celebrationSettingsOf } from './settings.service.ts';
import { exportTable } from '../../lib/export/table-export.ts';
import { listUpcoming, upcomingCopy, upcomingExport } from './upcoming.service.ts';

// A store's celebrations for its administrators (docs/architecture.md A6.17): its settings (the defaults
// until saved, validated field by field) and its people's celebrations of the coming days, each counted in
// that person's own zone, as a page of the list and as a file.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const NOW = '2026-03-02T15:00:00Z';
const call = (u: FactoryUser, method: 'GET' | 'PUT', url: string, payload?: object, lang = 'en') =>
  t.app.inject({ method, url, headers: { ...u.headers, 'accept-language': lang }, ...(payload ? { payload } : {}) });

const settingsBody = {
  localHour: 9,
  birthdayPoints: 60,
  anniversaryPoints: 120,
  welcomePoints: 80,
  milestones: { 5: 700, 25: 5000 },
  feb29: 'mar1',
  headsUpDays: 5,
  defaults: { birthday: 'public', anniversary: 'private', welcome: 'none' },
} as const;

describe('GET/PUT /api/celebrations/stores/{id}/settings', () => {
  it("answers the defaults until the store saves its own; the store's administrators and super administrators only", async () => {
    const store = await make.store();
    const admin = await make.admin({ stores: [store.id] });
    const otherAdmin = await make.admin({ stores: [1] });
    const superAdmin = await make.superAdmin();
    const shopper = await make.shopper({ storeId: store.id });
    const url = `/api/celebrations/stores/${store.id}/settings`;
    const first = await call(admin, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: CelebrationSettings }>().data).toEqual({
      storeId: store.id,
      budgetId: null,
      ...DEFAULT_CELEBRATIONS,
      updatedAt: null,
    });

    const saved = await call(admin, 'PUT', url, settingsBody);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      storeId: store.id,
      budgetId: null,
      ...settingsBody,
      milestones: { 5: 700, 25: 5000 },
      updatedAt: new Date(NOW).toISOString(),
    };
    expect(saved.json<{ data: CelebrationSettings }>().data).toEqual(expected);
    expect((await call(superAdmin, 'GET', url)).json<{ data: CelebrationSettings }>().data).toEqual(expected);
    // Saved whole again: nothing of the first save is kept (no milestones at all is a choice too).
    const again = await call(superAdmin, 'PUT', url, { ...settingsBody, milestones: {}, localHour: 0 });
    expect(again.json<{ data: CelebrationSettings }>().data).toMatchObject({ milestones: {}, localHour: 0, birthdayPoints: 60 });
    const [row] = await t.db.select().from(s.celebrationSettings).where(eq(s.celebrationSettings.storeId, store.id));
    expect(row).toMatchObject({ localHour: 0, defaultWelcome: 'none', feb29: 'mar1', updatedBy: superAdmin.id });

    for (const [who, status, code] of [
      [otherAdmin, 403, 'FORBIDDEN_STORE'],
      [shopper, 403, 'FORBIDDEN'],
    ] as const) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', settingsBody],
      ] as const) {
        const res = await call(who, method, url, body);
        expect([res.statusCode, res.json().code], `${method} by ${who.id}`).toEqual([status, code]);
      }
    }
    expect((await call(superAdmin, 'GET', '/api/celebrations/stores/2000000000/settings')).statusCode).toBe(404);
    expect((await call(superAdmin, 'PUT', '/api/celebrations/stores/2000000000/settings', settingsBody)).statusCode).toBe(404);
  });

  it('refuses a setting out of bounds with the field it is about, and saves nothing', async () => {
    const store = await make.store();
    const admin = await make.admin({ stores: [store.id] });
    const url = `/api/celebrations/stores/${store.id}/settings`;
    const { defaults, ...withoutDefaults } = settingsBody;
    for (const [bad, field] of [
      [{ ...settingsBody, localHour: 24 }, 'body.localHour'],
      [{ ...settingsBody, localHour: 8.5 }, 'body.localHour'],
      [{ ...settingsBody, birthdayPoints: -1 }, 'body.birthdayPoints'],
      [{ ...settingsBody, anniversaryPoints: 100_001 }, 'body.anniversaryPoints'],
      [{ ...settingsBody, welcomePoints: '100' }, 'body.welcomePoints'],
      [{ ...settingsBody, milestones: { 0: 10 } }, 'body.milestones'],
      [{ ...settingsBody, milestones: { 61: 10 } }, 'body.milestones'],
      [{ ...settingsBody, milestones: { '05': 10 } }, 'body.milestones'],
      [{ ...settingsBody, milestones: { five: 10 } }, 'body.milestones'],
      [{ ...settingsBody, milestones: { 5: -10 } }, 'body.milestones.5'],
      [{ ...settingsBody, milestones: [500] }, 'body.milestones'],
      [{ ...settingsBody, milestones: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i + 1, 1])) }, 'body.milestones'],
      [{ ...settingsBody, feb29: 'feb29' }, 'body.feb29'],
      [{ ...settingsBody, headsUpDays: 31 }, 'body.headsUpDays'],
      [{ ...settingsBody, defaults: { ...defaults, welcome: 'maybe' } }, 'body.defaults.welcome'],
      [{ ...settingsBody, defaults: { birthday: 'public', anniversary: 'public' } }, 'body.defaults.welcome'],
      [withoutDefaults, 'body.defaults'],
      [{ ...settingsBody, extra: 1 }, 'body'],
    ] as const) {
      const res = await call(admin, 'PUT', url, bad);
      expect([res.statusCode, res.json().code], JSON.stringify(bad)).toEqual([400, 'VALIDATION_FAILED']);
      const fields = (res.json().details as { field: string; message: string }[]).map((d) => d.field);
      expect(
        fields.some((f) => f === field || f.startsWith(`${field}.`)),
        `${JSON.stringify(bad)}: ${fields.join(', ')}`,
      ).toBe(true);
    }
    // Clear words: what a milestone's years may be.
    const milestone = await call(admin, 'PUT', url, { ...settingsBody, milestones: { 61: 10 } });
    expect(JSON.stringify(milestone.json().details)).toContain('Years of service from 1 to 60');
    expect(await t.db.select().from(s.celebrationSettings).where(eq(s.celebrationSettings.storeId, store.id))).toEqual([]);
  });
});

describe('GET /api/celebrations/stores/{id}/upcoming and its export', () => {
  let store: number;
  let admin: FactoryUser;
  const people: Record<string, FactoryUser> = {};
  const dated = async (
    key: string,
    p: { birthday?: string; hireDate?: string; storeId?: number; zone?: string; active?: boolean; isStore?: boolean },
  ) => {
    const u = p.isStore
      ? await make.storeAccount({ storeId: p.storeId ?? store })
      : await make.shopper({ storeId: p.storeId ?? store, name: key, lastName: 'Fecha', active: p.active ?? true });
    await t.db
      .update(s.users)
      .set({ birthday: p.birthday ?? null, hireDate: p.hireDate ?? null })
      .where(eq(s.users.id, u.id));
    if (p.zone)
      await t.db
        .insert(s.profiles)
        .values({ userId: u.id, latitude: 1.87, longitude: -157.4, timeZone: p.zone, locatedAt: new Date(NOW) })
        .onConflictDoUpdate({
          target: s.profiles.userId,
          set: { latitude: 1.87, longitude: -157.4, timeZone: p.zone, locatedAt: new Date(NOW) },
        });
    people[key] = u;
    return u;
  };
  const choose = (u: FactoryUser, kind: 'birthday' | 'anniversary' | 'welcome', choice: 'public' | 'private' | 'none') =>
    t.db.insert(s.celebrationChoices).values({ userId: u.id, kind, choice });
  const list = async (query = '', who: FactoryUser = admin, id = store) => {
    const res = await call(who, 'GET', `/api/celebrations/stores/${id}/upcoming${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<UpcomingCelebration>>();
  };
  const brief = (r: UpcomingCelebration) => [r.date, r.kind, r.years, r.name, r.choice, r.choiceIsDefault, r.points, r.timeZone];

  beforeAll(async () => {
    // At 2026-03-02T15:00Z it is 09:00 of 2 March in Mexico City, 05:00 of 3 March at Kiritimati (UTC+14).
    store = (await make.store()).id;
    await t.db.update(s.stores).set({ timeZone: 'America/Mexico_City' }).where(eq(s.stores.id, store));
    admin = await make.admin({ stores: [store] });
    await dated('Ana', { birthday: '03-02' });
    await dated('Beto', { birthday: '03-31' });
    await dated('Carla', { birthday: '04-01' });
    await dated('Dani', { birthday: '03-01' });
    await dated('Eva', { birthday: '04-01', zone: 'Pacific/Kiritimati' });
    await dated('Fede', { birthday: '03-10', hireDate: '2021-03-10' });
    await dated('Gabi', { hireDate: '2026-03-20' });
    await choose(await dated('Hugo', { hireDate: '2025-03-05' }), 'anniversary', 'none');
    await choose(await dated('Ines', { birthday: '03-05' }), 'birthday', 'private');
    // Not listed: an inactive person, a store account, a person of another store, a person without dates.
    await dated('Inactivo', { birthday: '03-02', active: false });
    await dated('Cuenta', { birthday: '03-02', isStore: true });
    await dated('Fuera', { birthday: '03-02', storeId: (await make.store()).id });
    await make.shopper({ storeId: store });
  });

  it("lists each person's celebrations of the next 30 local days of their zone, by date and kind, with choice and points", async () => {
    const page = await list();
    const mx = 'America/Mexico_City';
    expect(page.data.map(brief)).toEqual([
      ['2026-03-02', 'birthday', null, 'Ana Fecha', 'public', true, 50, mx],
      ['2026-03-05', 'birthday', null, 'Ines Fecha', 'private', false, 50, mx],
      ['2026-03-05', 'anniversary', 1, 'Hugo Fecha', 'none', false, 0, mx],
      ['2026-03-10', 'birthday', null, 'Fede Fecha', 'public', true, 50, mx],
      ['2026-03-10', 'anniversary', 5, 'Fede Fecha', 'public', true, 500, mx],
      ['2026-03-20', 'welcome', null, 'Gabi Fecha', 'public', true, 100, mx],
      ['2026-03-31', 'birthday', null, 'Beto Fecha', 'public', true, 50, mx],
      // Eva's 1 April is within 30 days of her 3 March; Carla's is not of her 2 March.
      ['2026-04-01', 'birthday', null, 'Eva Fecha', 'public', true, 50, 'Pacific/Kiritimati'],
    ]);
    expect(page.data[0]).toMatchObject({ userId: people.Ana!.id, email: people.Ana!.email });
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalCount: 8, totalPages: 1 });
    // A shorter window, and pages of it.
    expect((await list('?days=4')).data.map((r) => r.name)).toEqual(['Ana Fecha', 'Ines Fecha', 'Hugo Fecha']);
    const second = await list('?pageSize=3&page=2');
    expect(second.data.map((r) => [r.name, r.kind])).toEqual([
      ['Fede Fecha', 'birthday'],
      ['Fede Fecha', 'anniversary'],
      ['Gabi Fecha', 'welcome'],
    ]);
    expect(second).toMatchObject({ totalCount: 8, totalPages: 3 });
    expect(await list('?pageSize=3&page=4')).toEqual({ data: [], page: 4, pageSize: 3, totalCount: 8, totalPages: 3 });
    for (const bad of ['?days=0', '?days=91', '?page=0', '?format=csv']) {
      const res = await call(admin, 'GET', `/api/celebrations/stores/${store}/upcoming${bad}`);
      expect([res.statusCode, res.json().code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("follows the store's settings: points, milestones and default choices", async () => {
    const res = await call(admin, 'PUT', `/api/celebrations/stores/${store}/settings`, settingsBody);
    expect(res.statusCode, res.body).toBe(200);
    const page = await list();
    expect(page.data.map((r) => [r.name, r.kind, r.choice, r.choiceIsDefault, r.points])).toEqual([
      ['Ana Fecha', 'birthday', 'public', true, 60],
      ['Ines Fecha', 'birthday', 'private', false, 60],
      ['Hugo Fecha', 'anniversary', 'none', false, 0],
      ['Fede Fecha', 'birthday', 'public', true, 60],
      ['Fede Fecha', 'anniversary', 'private', true, 700],
      ['Gabi Fecha', 'welcome', 'none', true, 0],
      ['Beto Fecha', 'birthday', 'public', true, 60],
      ['Eva Fecha', 'birthday', 'public', true, 60],
    ]);
    await t.db.delete(s.celebrationSettings).where(eq(s.celebrationSettings.storeId, store));
  });

  it('counts 29 February by the store rule, crosses the new year, and falls back to the program zone', async () => {
    const other = (await make.store()).id;
    const otherAdmin = await make.admin({ stores: [other] });
    // A zone PostgreSQL does not know is passed over for the next in the chain.
    await t.db.update(s.stores).set({ timeZone: 'Mars/Olympus_Mons' }).where(eq(s.stores.id, other));
    await dated('Bisiesto', { birthday: '02-29', storeId: other });
    await dated('Enero', { birthday: '01-05', hireDate: '2020-01-02', storeId: other });
    const zone = t.config.calendar.timeZone;
    // The service at other instants (a session would not outlive a clock moved by a year).
    const at = async (now: string, days: number) =>
      (
        await listUpcoming(t.db, {
          storeId: other,
          days,
          now: new Date(now),
          programZone: zone,
          settings: await celebrationSettingsOf(t.db, other),
          at: { page: 1, pageSize: 20 },
        })
      ).data;
    expect((await at('2027-02-20T15:00:00Z', 15)).map(brief)).toEqual([
      ['2027-02-28', 'birthday', null, 'Bisiesto Fecha', 'public', true, 50, zone],
    ]);
    const mar1 = await call(otherAdmin, 'PUT', `/api/celebrations/stores/${other}/settings`, {
      ...settingsBody,
      defaults: DEFAULT_CELEBRATIONS.defaults,
    });
    expect(mar1.statusCode, mar1.body).toBe(200);
    expect((await at('2027-02-20T15:00:00Z', 15)).map((r) => [r.date, r.name])).toEqual([['2027-03-01', 'Bisiesto Fecha']]);
    // In a leap year it is the day itself.
    expect((await at('2028-02-20T15:00:00Z', 15)).map((r) => r.date)).toEqual(['2028-02-29']);
    expect((await at('2026-12-20T15:00:00Z', 30)).map((r) => [r.date, r.kind, r.years, r.points])).toEqual([
      ['2027-01-02', 'anniversary', 7, 120],
      ['2027-01-05', 'birthday', null, 60],
    ]);
    // Today (2 March) nothing of theirs is due within 30 days, and the API says the same.
    expect(await at(NOW, 30)).toEqual([]);
    expect((await list('', otherAdmin, other)).totalCount).toBe(0);
  });

  it("exports every row as CSV or XLSX, headings and values in the reader's language, named in it", async () => {
    const url = `/api/celebrations/stores/${store}/upcoming/export`;
    const csv = await call(admin, 'GET', `${url}?format=csv`, undefined, 'es');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="celebraciones-${store}-2026-03-02.csv"`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Fecha;Celebración;Años;Nombre;Correo;Elección;Puntos;Zona horaria');
    expect(lines.slice(1)).toHaveLength(8);
    expect(lines[1]).toBe(
      `2026-03-02T00:00:00.000Z;Cumpleaños;;Ana Fecha;${people.Ana!.email};Pública (predeterminada);50;America/Mexico_City`,
    );
    expect(lines[3]).toBe(
      `2026-03-05T00:00:00.000Z;Aniversario laboral;1;Hugo Fecha;${people.Hugo!.email};No se celebra;0;America/Mexico_City`,
    );

    const xlsx = await call(admin, 'GET', `${url}?days=10`, undefined, 'en');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="celebrations-${store}-2026-03-02.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Celebrations');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Celebration', 'Years', 'Name', 'E-mail', 'Choice', 'Points', 'Time zone']);
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      new Date('2026-03-02T00:00:00Z'),
      'Birthday',
      undefined,
      'Ana Fecha',
      people.Ana!.email,
      'Public (default)',
      50,
      'America/Mexico_City',
    ]);
    expect((sheet.getRow(6).values as unknown[]).slice(1, 4)).toEqual([new Date('2026-03-10T00:00:00Z'), 'Work anniversary', '5']);

    // The same file whatever the size of the pages it is read in (PGlite reads pages; PostgreSQL one COPY).
    const file = async (pageSize?: number) => {
      const input = {
        storeId: store,
        days: 30,
        now: new Date(NOW),
        programZone: t.config.calendar.timeZone,
        settings: await celebrationSettingsOf(t.db, store),
      };
      const stream = exportTable(
        upcomingExport,
        (copy) => upcomingCopy(t.db, input, copy, pageSize),
        'csv',
        'es',
        (err) => {
          throw err;
        },
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    };
    const whole = await file();
    expect(whole).toBe(csv.body);
    expect(await file(3)).toBe(whole);

    const stranger = await make.admin({ stores: [1] });
    expect((await call(stranger, 'GET', `${url}?format=csv`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/celebrations/stores/${store}/upcoming`)).statusCode).toBe(403);
    expect((await call(people.Ana!, 'GET', `/api/celebrations/stores/${store}/upcoming`)).statusCode).toBe(403);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { PeopleDatesFile, PeopleDatesResult, PeopleDatesReview, PeopleDatesRow } from '@rewards/shared/celebrations';
import * as s from '../../db/schema/index.ts';
import { createTestApp, multipart, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { confirmPeopleDates } from './dates.service.ts';

/**
 * Importing people's birthdays and hire dates (docs/architecture.md A6.17), the steps of a bulk load: a CSV or
 * XLSX read on the server (headers in Spanish or English, date cells of a spreadsheet), a review that refuses
 * each wrong row with a stable reason and writes nothing, and a confirm that checks again and writes only the
 * correct rows, for the administrators of the store named.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let storeId: number;
let otherStoreId: number;
let admin: FactoryUser;
let otherAdmin: FactoryUser;
let superAdmin: FactoryUser;
let shopper: FactoryUser;
const people: Record<'ana' | 'bea' | 'carlos' | 'dora' | 'luis', FactoryUser> = {} as never;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  storeId = (await make.store({ title: 'Oficina Toluca' })).id;
  otherStoreId = (await make.store({ title: 'Oficina Puebla' })).id;
  admin = await make.admin({ stores: [storeId] });
  otherAdmin = await make.admin({ stores: [otherStoreId] });
  superAdmin = await make.superAdmin({ storeId: otherStoreId });
  shopper = await make.shopper({ storeId });
  for (const who of ['ana', 'bea', 'carlos', 'dora'] as const)
    people[who] = await make.shopper({ storeId, email: `${who}.fechas@empresa.test` });
  people.luis = await make.shopper({ storeId: otherStoreId, email: 'luis.fechas@empresa.test' });
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

async function upload(data: Buffer, who: FactoryUser | null = admin, lang = 'es', name = 'fechas.csv') {
  const form = await multipart({}, [{ field: 'file', name, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/celebrations/dates/file',
    headers: { ...(who ? who.headers : ORIGIN), ...form.headers, 'accept-language': lang },
    payload: form.payload,
  });
}
const read = async (data: Buffer) => {
  const res = await upload(data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PeopleDatesFile }>().data;
};
const post = (url: string, who: FactoryUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who ? who.headers : ORIGIN, payload: payload as object });
const review = async (rows: PeopleDatesRow[], who = admin, store = storeId) => {
  const res = await post('/api/celebrations/dates/review', who, { storeId: store, rows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PeopleDatesReview }>().data;
};
const datesOf = async (user: FactoryUser) => {
  const [row] = await t.db.select({ birthday: s.users.birthday, hireDate: s.users.hireDate }).from(s.users).where(eq(s.users.id, user.id));
  return row!;
};

async function xlsx(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('POST /api/celebrations/dates/file', () => {
  it("reads a Spanish Excel CSV (Windows-1252, ';'): a title above, the header's columns in any order, cells as written", async () => {
    const text =
      'Fechas de la oficina Toluca;;;\r\n;;;\r\nNombre;Fecha de ingreso;Correo electrónico;Cumpleaños\r\n' +
      'Ana Núñez;15/01/2020;ana.fechas@empresa.test;14/05\r\nBea;;BEA.FECHAS@empresa.test ;1990-02-28\r\n;;;\r\nSin correo;2021-03-01;;\r\n';
    expect(await read(Buffer.from(text, 'latin1'))).toEqual({
      format: 'csv',
      sheet: null,
      columns: { email: 'Correo electrónico', birthday: 'Cumpleaños', hireDate: 'Fecha de ingreso' },
      rows: [
        { email: 'ana.fechas@empresa.test', birthday: '14/05', hireDate: '15/01/2020' },
        { email: 'BEA.FECHAS@empresa.test', birthday: '1990-02-28', hireDate: null },
        { email: '', birthday: null, hireDate: '2021-03-01' },
      ],
    });
  });

  it('reads an XLSX with English headers, date cells as days and text cells as written, from the first sheet that has them', async () => {
    const data = await xlsx((wb) => {
      wb.addWorksheet('Notes').addRow(['Nothing to read here']);
      const sheet = wb.addWorksheet('People');
      sheet.addRow(['Email', 'Birth date', 'Start date']);
      sheet.addRow(['ana.fechas@empresa.test', new Date(Date.UTC(1988, 11, 31)), new Date(Date.UTC(2018, 6, 2))]);
      sheet.addRow(['bea.fechas@empresa.test', '02-29', '2020-02-29']);
      sheet.addRow(['carlos.fechas@empresa.test', null, new Date(Date.UTC(2026, 2, 2))]);
    });
    expect(await read(data)).toEqual({
      format: 'xlsx',
      sheet: 'People',
      columns: { email: 'Email', birthday: 'Birth date', hireDate: 'Start date' },
      rows: [
        { email: 'ana.fechas@empresa.test', birthday: '1988-12-31', hireDate: '2018-07-02' },
        { email: 'bea.fechas@empresa.test', birthday: '02-29', hireDate: '2020-02-29' },
        { email: 'carlos.fechas@empresa.test', birthday: null, hireDate: '2026-03-02' },
      ],
    });
    // Only a birthday column, or only a hire date column, is enough.
    expect((await read(Buffer.from('e-mail,hire date\ndora.fechas@empresa.test,2022-09-09\n'))).columns).toEqual({
      email: 'e-mail',
      birthday: null,
      hireDate: 'hire date',
    });
  });

  it('refuses a file without an e-mail header, with no date column, with no rows, and callers who are not administrators', async () => {
    const noEmail = await upload(Buffer.from('ana.fechas@empresa.test;14/05\n'), admin, 'en');
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toMatchObject({ code: 'DATES_FILE_NO_EMAIL_COLUMN' });
    expect(noEmail.json().message).toContain('first 20 rows');
    const noDates = await upload(Buffer.from('Correo;Nombre\nana.fechas@empresa.test;Ana\n'));
    expect(noDates.statusCode).toBe(422);
    expect(noDates.json()).toMatchObject({ code: 'DATES_FILE_NO_DATE_COLUMN' });
    const empty = await upload(Buffer.from('Correo;Cumpleaños\n'));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('LOAD_FILE_EMPTY');
    expect((await upload(Buffer.alloc(0))).json().code).toBe('LOAD_FILE_EMPTY');
    const pdf = await upload(Buffer.from('%PDF-1.7 ...'));
    expect(pdf.statusCode).toBe(415);
    expect((await upload(Buffer.from('Correo;Cumpleaños\n'), shopper)).statusCode).toBe(403);
    expect((await upload(Buffer.from('Correo;Cumpleaños\n'), null)).statusCode).toBe(401);
  });
});

describe('POST /api/celebrations/dates/review', () => {
  it('reads every accepted form of a date and refuses each wrong row with its reason, writing nothing', async () => {
    const before = await datesOf(people.ana);
    const data = await review([
      { email: 'ana.fechas@empresa.test', birthday: '14/05/1990', hireDate: '15/01/2020' },
      { email: 'no es un correo', birthday: '01-01' },
      { email: 'ANA.FECHAS@empresa.test', birthday: '01-01' },
      { email: 'nadie.fechas@empresa.test', birthday: '01-01' },
      { email: 'luis.fechas@empresa.test', birthday: '01-01' },
      { email: 'bea.fechas@empresa.test', birthday: '30/02', hireDate: '2020-01-01' },
      { email: 'carlos.fechas@empresa.test', birthday: '02-29', hireDate: '2027-03-03' },
      { email: 'dora.fechas@empresa.test', birthday: '', hireDate: null },
      { email: ` ${shopper.email.toUpperCase()} `, birthday: '1988-12-31', hireDate: '2027-03-02' },
    ]);
    expect(data.incorrect).toEqual([
      { index: 1, email: 'no es un correo', reason: 'INVALID_FORMAT' },
      { index: 2, email: 'ANA.FECHAS@empresa.test', reason: 'DUPLICATE_IN_LIST' },
      { index: 3, email: 'nadie.fechas@empresa.test', reason: 'UNKNOWN_USER' },
      { index: 4, email: 'luis.fechas@empresa.test', reason: 'OTHER_STORE' },
      { index: 5, email: 'bea.fechas@empresa.test', reason: 'INVALID_BIRTHDAY' },
      { index: 6, email: 'carlos.fechas@empresa.test', reason: 'INVALID_HIRE_DATE' },
      { index: 7, email: 'dora.fechas@empresa.test', reason: 'NO_DATES' },
    ]);
    expect(data.correct).toEqual([
      {
        index: 0,
        email: 'ana.fechas@empresa.test',
        userId: people.ana.id,
        name: expect.any(String),
        birthday: '05-14',
        hireDate: '2020-01-15',
      },
      {
        index: 8,
        email: shopper.email.toLowerCase(),
        userId: shopper.id,
        name: expect.any(String),
        birthday: '12-31',
        hireDate: '2027-03-02',
      },
    ]);
    expect(await datesOf(people.ana)).toEqual(before);
  });

  it.each([
    ['05-14', '05-14'],
    ['1990-05-14', '05-14'],
    ['14/05', '05-14'],
    ['4/5', '05-04'],
    ['29/02', '02-29'],
    ['29/02/1992', '02-29'],
    ['29/02/1991', null],
    ['1991-02-29', null],
    ['31/04', null],
    ['05/14/1990', null],
    ['14-05-1990', null],
    ['mayo 14', null],
  ])('reads the birthday %s as %s', async (cell, expected) => {
    const data = await review([{ email: people.dora.email, birthday: cell }]);
    if (expected) expect(data.correct[0]).toMatchObject({ birthday: expected, hireDate: null });
    else expect(data.incorrect).toEqual([{ index: 0, email: people.dora.email, reason: 'INVALID_BIRTHDAY' }]);
  });

  it.each([
    ['2020-01-15', '2020-01-15'],
    ['15/01/2020', '2020-01-15'],
    ['1/2/1999', '1999-02-01'],
    ['1900-01-01', '1900-01-01'],
    ['2027-03-02', '2027-03-02'],
    ['1899-12-31', null],
    ['2027-03-03', null],
    ['2023-02-29', null],
    ['15/01', null],
    ['01-15', null],
  ])('reads the hire date %s as %s', async (cell, expected) => {
    const data = await review([{ email: people.dora.email, hireDate: cell }]);
    if (expected) expect(data.correct[0]).toMatchObject({ birthday: null, hireDate: expected });
    else expect(data.incorrect).toEqual([{ index: 0, email: people.dora.email, reason: 'INVALID_HIRE_DATE' }]);
  });

  it("answers only the store's administrators and super administrators", async () => {
    const rows = [{ email: people.ana.email, birthday: '01-01' }];
    const other = await post('/api/celebrations/dates/review', otherAdmin, { storeId, rows });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN_STORE');
    expect((await post('/api/celebrations/dates/review', shopper, { storeId, rows })).statusCode).toBe(403);
    expect((await review(rows, superAdmin)).correct).toHaveLength(1);
    // Reviewed for the other store, Ana is of another store.
    expect((await review(rows, superAdmin, otherStoreId)).incorrect[0]!.reason).toBe('OTHER_STORE');
    const none = await post('/api/celebrations/dates/review', admin, { storeId, rows: [] });
    expect(none.statusCode).toBe(400);
  });
});

describe('POST /api/celebrations/dates', () => {
  it('writes only the correct rows in one go, an empty cell leaving the stored value, and answers the counts', async () => {
    await t.db.update(s.users).set({ birthday: '03-03', hireDate: '2015-05-05' }).where(eq(s.users.id, people.bea.id));
    const res = await post('/api/celebrations/dates', admin, {
      storeId,
      rows: [
        { email: people.ana.email, birthday: '14/05/1990', hireDate: '15/01/2020' },
        { email: people.bea.email, hireDate: '2016-06-06' },
        { email: people.carlos.email, birthday: '31/02' },
        { email: people.luis.email, birthday: '01-01' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: PeopleDatesResult }>().data).toEqual({
      updated: 2,
      incorrect: [
        { index: 2, email: people.carlos.email, reason: 'INVALID_BIRTHDAY' },
        { index: 3, email: people.luis.email, reason: 'OTHER_STORE' },
      ],
    });
    expect(await datesOf(people.ana)).toEqual({ birthday: '05-14', hireDate: '2020-01-15' });
    expect(await datesOf(people.bea)).toEqual({ birthday: '03-03', hireDate: '2016-06-06' });
    expect(await datesOf(people.luis)).toEqual({ birthday: null, hireDate: null });
    const [written] = await t.db.select({ by: s.users.modifiedBy }).from(s.users).where(eq(s.users.id, people.ana.id));
    expect(written!.by).toBe(admin.id);
    // An administrator of another store may not confirm for this one.
    const other = await post('/api/celebrations/dates', otherAdmin, { storeId, rows: [{ email: people.ana.email, birthday: '01-01' }] });
    expect(other.statusCode).toBe(403);
    expect(await datesOf(people.ana)).toEqual({ birthday: '05-14', hireDate: '2020-01-15' });
  });

  it('checks again on confirm: a person moved to another store since the review is refused, and the catch-up runs for those written', async () => {
    const rows = [
      { email: people.carlos.email, birthday: '07-07' },
      { email: people.dora.email, birthday: '08-08' },
    ];
    expect((await review(rows)).correct).toHaveLength(2);
    await t.db.update(s.users).set({ storeId: otherStoreId }).where(eq(s.users.id, people.dora.id));
    const changed: number[][] = [];
    const result = await confirmPeopleDates(t.db, {
      storeId,
      rows: rows.map((r) => ({ ...r, hireDate: null })),
      actorId: admin.id,
      now: t.clock.now(),
      today: '2026-03-02',
      afterDatesChanged: async (ids) => void changed.push(ids),
    });
    expect(result).toEqual({ updated: 1, incorrect: [{ index: 1, email: people.dora.email, reason: 'OTHER_STORE' }] });
    expect(changed).toEqual([[people.carlos.id]]);
    const stored = await t.db
      .select({ id: s.users.id, birthday: s.users.birthday })
      .from(s.users)
      .where(inArray(s.users.id, [people.carlos.id, people.dora.id]));
    expect(Object.fromEntries(stored.map((r) => [r.id, r.birthday]))).toEqual({ [people.carlos.id]: '07-07', [people.dora.id]: null });
  });

  it('imports a file end to end: upload, review, confirm', async () => {
    const data = await xlsx((wb) => {
      const sheet = wb.addWorksheet('Fechas');
      sheet.addRow(['Correo', 'Fecha de nacimiento', 'Fecha de alta']);
      sheet.addRow([people.carlos.email, new Date(Date.UTC(1985, 9, 20)), new Date(Date.UTC(2010, 0, 4))]);
      sheet.addRow(['desconocido.fechas@empresa.test', '01/01', null]);
    });
    const file = await read(data);
    const checked = await review(file.rows);
    expect(checked.correct.map((c) => [c.email, c.birthday, c.hireDate])).toEqual([[people.carlos.email, '10-20', '2010-01-04']]);
    expect(checked.incorrect.map((c) => c.reason)).toEqual(['UNKNOWN_USER']);
    const res = await post('/api/celebrations/dates', superAdmin, { storeId, rows: file.rows });
    expect(res.json().data).toMatchObject({ updated: 1 });
    expect(await datesOf(people.carlos)).toEqual({ birthday: '10-20', hireDate: '2010-01-04' });
  });
});

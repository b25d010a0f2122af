import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { PeerReport } from '@rewards/shared/peer-report-rules';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertCelebration } from '../../../test/celebration-rows.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { exportTable } from '../../lib/export/table-export.ts';
import { reportCopy, reportExport, reportPeriod } from './report.service.ts';

// The giving report of a store (docs/architecture.md A6.16): participation, top lists, offices, reciprocal pairs
// and totals from real gives and add-ons, the period in local days, and the export (one row per give and
// recipient) as XLSX and CSV, in the reader's language with formulas neutralised. On PostgreSQL too when
// TEST_DATABASE_URL is set (the export then streams through one COPY).

let t: TestApp;
let make: ReturnType<typeof factories>;
const MESSAGE = 'Gracias por tu ayuda con el cierre del trimestre';

let store: number;
let other: number;
let admin: FactoryUser;
let otherAdmin: FactoryUser;
let superAdmin: FactoryUser;
let a: FactoryUser;
let b: FactoryUser;
let c: FactoryUser;
let d: FactoryUser;
let x: FactoryUser;
let valueId: number;
let firstRecognition: number;

const send = (u: FactoryUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...u.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function give(giver: FactoryUser, recipients: FactoryUser[], points: number, extra: Record<string, unknown> = {}) {
  const res = await send(giver, 'POST', '/api/recognitions', {
    recipients: recipients.map((r) => r.id),
    points,
    message: MESSAGE,
    values: giver.storeId === store ? [valueId] : [],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

const report = async (u: FactoryUser, query = '') => {
  const res = await send(u, 'GET', `/api/peer/stores/${store}/report${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PeerReport }>().data;
};

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  store = (await make.store({ title: 'Oficina Reporte' })).id;
  other = (await make.store({ title: 'Oficina Otra' })).id;
  admin = await make.admin({ stores: [store], storeId: 1 });
  otherAdmin = await make.admin({ stores: [1] });
  superAdmin = await make.superAdmin();
  // A roomy allowance and no share cap, so the gives below are about the report, not the rules.
  const settings = await send(admin, 'PUT', `/api/peer/stores/${store}/giving`, {
    amount: 500,
    period: 'month',
    minMessage: 10,
    shareCapPercent: 100,
    perReport: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const value = await send(admin, 'POST', `/api/peer/stores/${store}/values`, {
    name: 'Colaboración',
    nameEn: 'Collaboration',
    emoji: '🤝',
  });
  expect(value.statusCode, value.body).toBe(201);
  valueId = value.json<{ data: { id: number } }>().data.id;

  a = await make.shopper({ storeId: store, name: 'Ana', lastName: 'Alfa' });
  b = await make.shopper({ storeId: store, name: 'Beto', lastName: 'Beta' });
  c = await make.shopper({ storeId: store, name: 'Caro', lastName: 'Gama' });
  d = await make.shopper({ storeId: store, name: '=SUM(1+1)', lastName: null });
  await make.shopper({ storeId: store, active: false });
  await make.storeAccount({ storeId: store });
  x = await make.shopper({ storeId: other, name: 'Xavi', lastName: 'Otra' });

  // February: outside the default period (March, the month of the test clock).
  t.clock.set('2026-02-15T15:00:00Z');
  await give(a, [b], 10);
  t.clock.set('2026-03-02T15:00:00Z');
  firstRecognition = await give(a, [b], 40);
  await give(b, [a], 30);
  await give(a, [b], 20);
  await give(a, [c, x], 10, { private: true });
  await give(x, [d], 15);
  const addon = await send(c, 'POST', `/api/recognitions/${firstRecognition}/addons`, { points: 5 });
  expect(addon.statusCode, addon.body).toBe(201);
  // The company's celebration of Beto (docs/architecture.md A6.17) is in the feed but is nobody's give.
  await insertCelebration(t.db, { userId: b.id, kind: 'birthday', points: 50, onDate: '2026-03-02', at: '2026-03-02T15:00:00Z' });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const person = (u: FactoryUser) => expect.objectContaining({ id: u.id });

describe('the giving report', () => {
  it("covers the store's current giving period by default, with participation, totals and top lists", async () => {
    const r = await report(admin);
    expect(r.period).toMatchObject({ from: '2026-03-01', to: '2026-03-31', current: { from: '2026-03-01', to: '2026-03-31' } });
    // Four active people (not the inactive one, not the store account); three gave, all four received.
    expect(r.participation).toEqual({ activePeople: 4, givers: 3, receivers: 4, giverShare: 0.75, receiverShare: 1 });
    expect(r.totals).toEqual({ gives: 6, recognitions: 5, addons: 1, recipients: 7, points: 130, private: 1 });
    expect(r.topGivers.map((g) => [g.person.id, g.points, g.count])).toEqual([
      [a.id, 80, 3],
      [b.id, 30, 1],
      [c.id, 5, 1],
    ]);
    expect(r.topGivers[0]!.person).toEqual({ id: a.id, name: 'Ana Alfa', email: a.email, office: 'Oficina Reporte' });
    expect(r.topReceivers.map((g) => [g.person.id, g.points, g.count])).toEqual([
      [b.id, 65, 3],
      [a.id, 30, 1],
      [d.id, 15, 1],
      [c.id, 10, 1],
    ]);
    expect(r.offices).toEqual([
      { storeId: store, title: 'Oficina Reporte', gave: 5, pointsGiven: 115, received: 6, pointsReceived: 120 },
      { storeId: other, title: 'Oficina Otra', gave: 1, pointsGiven: 15, received: 1, pointsReceived: 10 },
    ]);
  });

  it('lists the reciprocal pairs over the threshold, both ways', async () => {
    // Ana gave Beto 60 in two gives, Beto gave her 30: a pair from 30 points, none at the default 50.
    expect(await report(admin)).toMatchObject({ threshold: 50, reciprocal: [], reciprocalCount: 0 });
    const r = await report(admin, '?threshold=30');
    expect(r.reciprocalCount).toBe(1);
    expect(r.reciprocal).toEqual([{ a: person(a), b: person(b), aToB: 60, bToA: 30, aToBCount: 2, bToACount: 1 }]);
    expect((await report(admin, '?threshold=31')).reciprocal).toEqual([]);
  });

  it('takes a period of local days, and refuses a reversed or unknown one', async () => {
    const wider = await report(superAdmin, '?from=2026-02-01&to=2026-03-31');
    expect(wider.totals).toMatchObject({ gives: 7, points: 140 });
    expect(wider.reciprocal).toEqual([]);
    expect((await report(admin, '?from=2026-02-01&to=2026-02-28')).totals).toMatchObject({ gives: 1, points: 10 });
    expect((await report(admin, '?from=2026-03-03')).totals.gives).toBe(0);
    for (const query of ['?from=2026-03-10&to=2026-03-01', '?from=2025-01-01&to=2026-03-31', '?threshold=0', '?threshold=1e3', '?limit=3'])
      expect((await send(admin, 'GET', `/api/peer/stores/${store}/report${query}`)).statusCode, query).toBe(400);
  });

  it("is only for the store's administrators and super administrators", async () => {
    const res = await send(otherAdmin, 'GET', `/api/peer/stores/${store}/report`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN_STORE' });
    expect((await send(a, 'GET', `/api/peer/stores/${store}/report`)).statusCode).toBe(403);
    expect((await send(superAdmin, 'GET', '/api/peer/stores/999999/report')).statusCode).toBe(404);
    expect((await send(otherAdmin, 'GET', `/api/peer/stores/${store}/report/export?format=csv`)).statusCode).toBe(403);
  });
});

describe('the export', () => {
  it('writes one row per give and recipient as XLSX, headings and values in Spanish, formulas neutralised', async () => {
    const res = await send(admin, 'GET', `/api/peer/stores/${store}/report/export?format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reconocimientos-${store}-2026-03-01-2026-03-31.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Reconocimientos');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha',
      'Reconocimiento',
      'Tipo',
      'Emisor',
      'Correo del emisor',
      'Oficina del emisor',
      'Receptor',
      'Correo del receptor',
      'Oficina del receptor',
      'Puntos',
      'Valores',
      'Privado',
    ]);
    expect(sheet.rowCount).toBe(8);
    const rows = Array.from({ length: 7 }, (_, i) => sheet.getRow(i + 2));
    const cells = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    const toD = rows.find((r) => r.getCell(8).value === d.email)!;
    expect(cells(toD)).toEqual([
      t.clock.now(),
      expect.any(Number),
      'Reconocimiento',
      'Xavi Otra',
      x.email,
      'Oficina Otra',
      "'=SUM(1+1)",
      d.email,
      'Oficina Reporte',
      15,
      undefined,
      'No',
    ]);
    expect(toD.getCell(7).formula).toBeUndefined();
    expect(toD.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    const addon = rows.find((r) => r.getCell(3).value === 'Puntos añadidos')!;
    expect(cells(addon).slice(1)).toEqual([
      firstRecognition,
      'Puntos añadidos',
      'Caro Gama',
      c.email,
      'Oficina Reporte',
      'Beto Beta',
      b.email,
      'Oficina Reporte',
      5,
      'Colaboración',
      'No',
    ]);
    const secret = rows.filter((r) => r.getCell(12).value === 'Sí');
    expect(secret.map((r) => r.getCell(8).value).sort()).toEqual([c.email, x.email].sort());
    expect(rows.reduce((sum, r) => sum + Number(r.getCell(10).value), 0)).toBe(130);
  });

  it('writes CSV in English, newest first, with the same rows', async () => {
    const res = await send(admin, 'GET', `/api/peer/stores/${store}/report/export?format=csv&from=2026-02-01`, undefined, {
      'accept-language': 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="recognitions-${store}-2026-02-01-2026-03-31.csv"`);
    const [header, ...lines] = res.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\n');
    expect(header).toBe(
      'Date;Recognition;Kind;Giver;Giver e-mail;Giver office;Recipient;Recipient e-mail;Recipient office;Points;Values;Private',
    );
    expect(lines).toHaveLength(8);
    // The February give is the oldest, last; the add-on is the newest of the same instant's gives.
    expect(lines.at(-1)!.split(';').slice(2)).toEqual([
      'Recognition',
      'Ana Alfa',
      a.email,
      'Oficina Reporte',
      'Beto Beta',
      b.email,
      'Oficina Reporte',
      '10',
      'Collaboration',
      'No',
    ]);
    expect(lines.at(-1)!.split(';')[0]).toBe('2026-02-15T15:00:00.000Z');
    expect(lines.filter((l) => l.endsWith(';Yes'))).toHaveLength(2);
    expect(lines.some((l) => l.includes(";'=SUM(1+1);"))).toBe(true);
  });

  it('writes the same file whatever the size of the pages it is read in (PGlite reads pages; PostgreSQL one COPY)', async () => {
    const period = await reportPeriod(t.db, { storeId: store, from: '2026-02-01', now: t.clock.now(), calendar: t.config.calendar });
    const file = async (format: 'csv' | 'xlsx', pageSize?: number) => {
      const stream = exportTable(
        reportExport,
        (copy) => reportCopy(t.db, { storeId: store, period }, copy, pageSize),
        format,
        'es',
        (err) => {
          throw err;
        },
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const whole = (await file('csv')).toString();
    expect(whole.trimEnd().split('\n')).toHaveLength(9);
    expect((await file('csv', 3)).toString()).toBe(whole);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file('xlsx', 2)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(9);
    const csvRows = whole
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\n')
      .slice(1);
    for (let i = 0; i < 8; i++) expect(String(sheet.getRow(i + 2).getCell(8).value), `row ${i + 2}`).toBe(csvRows[i]!.split(';')[7]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import type { ConsolidatedPage, Load, LoadEmail, LoadReview } from '@rewards/shared/loads';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { exportConsolidated } from './consolidated-export.ts';
import { consolidatedCopy, EXPORT_PAGE } from './loads.service.ts';

/**
 * Bulk loads (docs/architecture.md A6.7, docs/decisions/0005-bulk-loads.md): review, confirm, idempotency,
 * the accrual window, frequency limits that count earlier loads, reports, consolidated rows and their
 * export, and who may do each. Each test builds its own employees (e-mails unique to the test), so no test
 * depends on another's leftovers; the two stores, their `collaboration` recognitions and the people who
 * send loads are this file's own.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
const who: Record<string, string> = {};
let store1: number;
let store2: number;
/** The administrator of store 1 (Alberto Admin), who signs in again after the clock moves. */
let admin: { id: number; email: string };

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  store1 = (await make.store({ title: 'Oficina Querétaro' })).id;
  store2 = (await make.store({ title: 'Oficina Puebla' })).id;
  for (const storeId of [store1, store2])
    await make.recognition({ storeId, code: 'collaboration', name: 'Colaboración', points: 500, limit: 2, period: 'year' });
  const people = {
    admin: await make.admin({ stores: [store1], name: 'Alberto', lastName: 'Admin' }),
    super: await make.superAdmin({ name: 'Sofía', lastName: 'Super' }),
    ana: await make.shopper({ storeId: store1 }),
    // An administrator of the second store only.
    admin2: await make.admin({ stores: [store2] }),
  };
  for (const [name, u] of Object.entries(people)) who[name] = u.session;
  admin = people.admin;
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

let seq = 0;
/** Employees of a store, with e-mails of their own. */
async function employees(n: number, opts: { storeId?: number; active?: 0 | 1; name?: string } = {}) {
  const batch = ++seq;
  return t.db
    .insert(s.users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `emp${batch}-${i}@loads.test`,
        name: opts.name ?? `Empleado ${batch}`,
        lastName: `N${i}`,
        storeId: opts.storeId ?? store1,
        active: opts.active ?? 1,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
}

async function rewardOf(code: string, storeId = store1) {
  const [r] = await t.db
    .select()
    .from(s.rewards)
    .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.code, code)));
  return r!;
}

/** A recognition of its own (so frequency counts start at zero). */
async function newReward(p: {
  limit: number;
  period: 'year' | 'month' | 'day';
  points?: number;
  storeId?: number;
  active?: boolean;
  nameEn?: string;
}) {
  const n = ++seq;
  const [r] = await t.db
    .insert(s.rewards)
    .values({
      storeId: p.storeId ?? store1,
      code: `test-${n}`,
      name: `Reconocimiento ${n}`,
      nameEn: p.nameEn ?? '',
      description: 'Reconocimiento de prueba',
      points: p.points ?? 100,
      frequencyLimit: p.limit,
      frequencyPeriod: p.period,
      active: p.active ?? true,
    })
    .returning();
  return r!;
}

const post = (session: string | undefined, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...(session ? as(session) : ORIGIN), ...headers }, payload });
const get = (session: string | undefined, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(session ? as(session) : ORIGIN), ...headers } });
/** A review of a confirm's body (the review takes no reason). */
const review = ({ reason: _reason, ...body }: { reason?: string } & Record<string, unknown>, session = who.admin) =>
  post(session, '/api/loads/review', body);
const confirm = (body: object, key?: string, session = who.admin) =>
  post(session, '/api/loads', body, key ? { 'idempotency-key': key } : {});
/**
 * Moves the test clock. Sessions live on that clock (an absolute lifetime of hours): the administrator
 * signs in again at the new time.
 */
async function travel(to: Date | string) {
  t.clock.set(to);
  who.admin = (await make.session(admin.id)).session;
}
const balance = async (id: number) => (await t.db.select({ v: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.v;

describe('review', () => {
  it('splits the list into correct and incorrect, one reason each, by position; trimmed and case-insensitive', async () => {
    const [a, b] = await employees(2);
    const [inactive] = await employees(1, { active: 0 });
    const [elsewhere] = await employees(1, { storeId: store2 });
    const [limited] = await employees(1);
    const reward = await newReward({ limit: 1, period: 'month' });
    expect((await confirm({ storeId: store1, rewardId: reward.id, emails: [limited!.email], reason: 'Primera vez' })).statusCode).toBe(201);

    const res = await review({
      storeId: store1,
      rewardId: reward.id,
      emails: [
        `  ${a!.email.toUpperCase()} `,
        'no-es-un-correo',
        b!.email,
        a!.email,
        'nadie@loads.test',
        inactive!.email,
        elsewhere!.email,
        limited!.email,
        'no-es-un-correo',
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: LoadReview }>().data;
    expect(data.points).toBe(100);
    expect(data.accrualOpen).toBe(true);
    expect(data.correct).toEqual([
      { index: 0, email: a!.email, userId: a!.id, name: 'Empleado ' + a!.email.slice(3, a!.email.indexOf('-')) + ' N0' },
      { index: 2, email: b!.email, userId: b!.id, name: expect.stringContaining('N1') },
    ]);
    expect(data.incorrect).toEqual([
      { index: 1, email: 'no-es-un-correo', reason: 'INVALID_FORMAT' },
      { index: 3, email: a!.email, reason: 'DUPLICATE_IN_LIST' },
      { index: 4, email: 'nadie@loads.test', reason: 'UNKNOWN_USER' },
      { index: 5, email: inactive!.email, reason: 'USER_INACTIVE' },
      { index: 6, email: elsewhere!.email, reason: 'OTHER_STORE' },
      { index: 7, email: limited!.email, reason: 'FREQUENCY_LIMIT' },
      { index: 8, email: 'no-es-un-correo', reason: 'INVALID_FORMAT' },
    ]);
    // Nothing was written by the review.
    expect(await balance(a!.id)).toBe(0);
  });

  it('takes the points an administrator sets, else the recognition’s; refuses a recognition of another store, an inactive or unknown one', async () => {
    const [a] = await employees(1);
    const reward = await rewardOf('collaboration');
    expect((await review({ storeId: store1, rewardId: reward.id, emails: [a!.email] })).json().data.points).toBe(reward.points);
    expect((await review({ storeId: store1, rewardId: reward.id, emails: [a!.email], points: 777 })).json().data.points).toBe(777);
    const foreign = await rewardOf('collaboration', store2);
    expect((await review({ storeId: store1, rewardId: foreign.id, emails: [a!.email] })).json()).toMatchObject({
      statusCode: 422,
      code: 'REWARD_OTHER_STORE',
    });
    const inactive = await newReward({ limit: 1, period: 'year', active: false });
    expect((await review({ storeId: store1, rewardId: inactive.id, emails: [a!.email] })).json().code).toBe('REWARD_INACTIVE');
    expect((await review({ storeId: store1, rewardId: 999_999, emails: [a!.email] })).statusCode).toBe(404);
  });

  it('needs a recognition and at least one e-mail, and refuses more than 100,000 e-mails with its own code', async () => {
    const reward = await rewardOf('collaboration');
    const noEmails = await review({ storeId: store1, rewardId: reward.id, emails: [] });
    expect(noEmails.statusCode).toBe(400);
    expect(noEmails.json().details).toEqual([expect.objectContaining({ field: 'body.emails' })]);
    expect((await review({ storeId: store1, emails: ['a@b.co'] })).json().details).toEqual([
      expect.objectContaining({ field: 'body.rewardId' }),
    ]);
    const many = Array.from({ length: 100_001 }, (_, i) => `u${i}@x.co`);
    const res = await review({ storeId: store1, rewardId: reward.id, emails: many });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LOAD_TOO_MANY_EMAILS', details: { max: 100_000, count: 100_001 } });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/loads',
      headers: { ...as(who.admin), 'accept-language': 'en' },
      payload: { storeId: store1, rewardId: reward.id, emails: many, reason: 'Demasiados' },
    });
    expect(en.json().message).toBe('A load can have at most 100,000 e-mails: split the list into several loads');
  });
});

describe('confirm', () => {
  it('credits only the correct ones in one go: ledger, balance, consolidated row and notification each; refused ones kept with their reason', async () => {
    const people = await employees(3);
    const [inactive] = await employees(1, { active: 0 });
    const reward = await newReward({ limit: 2, period: 'year', points: 250 });
    const res = await confirm(
      {
        storeId: store1,
        rewardId: reward.id,
        reason: 'Cierre del trimestre',
        emails: [...people.map((p) => p.email), inactive!.email, 'mal@', people[0]!.email.toUpperCase()],
      },
      'load-key-0001',
    );
    expect(res.statusCode, res.body).toBe(201);
    const load = res.json<{ data: Load }>().data;
    expect(load).toMatchObject({
      storeId: store1,
      reward: { id: reward.id, name: reward.name },
      reason: 'Cierre del trimestre',
      points: 250,
      receivers: 3,
      rejected: 3,
      totalPoints: 750,
      sender: { email: admin.email, name: 'Alberto Admin' },
      senderStoreName: 'Oficina Querétaro',
      createdAt: t.clock.now().toISOString(),
    });
    for (const p of people) expect(await balance(p.id)).toBe(250);
    expect(await balance(inactive!.id)).toBe(0);

    const ids = people.map((p) => p.id);
    const ledger = await t.db.select().from(s.pointTransactions).where(inArray(s.pointTransactions.userId, ids));
    expect(ledger).toHaveLength(3);
    expect(ledger.every((l) => l.kind === 'load' && l.value === 250 && l.refType === 'load' && l.refId === load.id)).toBe(true);
    expect(ledger[0]!.description).toBe(`${reward.name}: Cierre del trimestre`);
    const entries = await t.db.select().from(s.loadEntries).where(eq(s.loadEntries.loadId, load.id));
    expect(entries.map((e) => e.userId).sort()).toEqual([...ids].sort());
    expect(entries.every((e) => e.rewardId === reward.id && e.receiverStoreId === store1 && e.points === 250)).toBe(true);
    expect(entries.map((e) => e.transactionId).sort()).toEqual(ledger.map((l) => l.id).sort());
    const notes = await t.db.select().from(s.notifications).where(inArray(s.notifications.userId, ids));
    expect(notes).toHaveLength(3);
    expect(notes.every((n) => n.itemType === 'points' && n.active === 1 && n.url === '/account')).toBe(true);

    const emails = await get(who.admin, `/api/loads/emails?loadId=${load.id}`);
    expect(emails.statusCode).toBe(200);
    const list = emails.json<{ data: LoadEmail[]; totalCount: number }>();
    expect(list.totalCount).toBe(6);
    expect(list.data.filter((e) => e.status === 'correct').map((e) => e.email)).toEqual(people.map((p) => p.email));
    expect(list.data.filter((e) => e.status === 'incorrect').map((e) => [e.email, e.reason])).toEqual([
      ['mal@', 'INVALID_FORMAT'],
      [people[0]!.email.toUpperCase(), 'DUPLICATE_IN_LIST'],
      [inactive!.email, 'USER_INACTIVE'],
    ]);
    const incorrect = await get(who.admin, `/api/loads/emails?loadId=${load.id}&status=incorrect&pageSize=2&page=2`);
    expect(incorrect.json()).toMatchObject({ totalCount: 3, totalPages: 2, data: [{ reason: 'USER_INACTIVE' }] });
  });

  it('a retry with the same Idempotency-Key returns the first load; the key with another body is IDEMPOTENCY_KEY_REUSED', async () => {
    const [a] = await employees(1);
    const reward = await newReward({ limit: 5, period: 'year' });
    const body = { storeId: store1, rewardId: reward.id, reason: 'Reintento', emails: [a!.email] };
    const first = await confirm(body, 'retry-key-0001');
    expect(first.statusCode).toBe(201);
    const again = await confirm(body, 'retry-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await balance(a!.id)).toBe(100);
    const other = await confirm({ ...body, points: 5 }, 'retry-key-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: { loadId: first.json().data.id } });
    // Another administrator's key is theirs alone.
    const bySuper = await confirm(body, 'retry-key-0001', who.super);
    expect(bySuper.statusCode).toBe(201);
    expect(await balance(a!.id)).toBe(200);
    // Concurrent retries of one request credit once.
    const [b] = await employees(1);
    const twice = await Promise.all([1, 2].map(() => confirm({ ...body, emails: [b!.email] }, 'retry-key-0002')));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await balance(b!.id)).toBe(100);
  });

  it('refuses outside the accrual window (ACCRUAL_CLOSED) and writes nothing; the review says so beforehand', async () => {
    const [a] = await employees(1);
    const reward = await newReward({ limit: 5, period: 'year' });
    const now = t.clock.now();
    try {
      await travel('2026-10-05T12:00:00Z');
      expect((await review({ storeId: store1, rewardId: reward.id, emails: [a!.email] })).json().data.accrualOpen).toBe(false);
      const res = await confirm({ storeId: store1, rewardId: reward.id, reason: 'Fuera de plazo', emails: [a!.email] }, 'closed-key-01');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('ACCRUAL_CLOSED');
      expect(await balance(a!.id)).toBe(0);
      expect(await t.db.select().from(s.loads).where(eq(s.loads.idempotencyKey, 'closed-key-01'))).toHaveLength(0);
      // The window opens again on 1 November.
      await travel('2026-11-01T12:00:00Z');
      expect((await confirm({ storeId: store1, rewardId: reward.id, reason: 'Nuevo año', emails: [a!.email] })).statusCode).toBe(201);
    } finally {
      await travel(now);
    }
  });

  it('counts earlier loads against the frequency limit, per period: a year is the program year, a month the calendar month', async () => {
    const [a, b] = await employees(2);
    const yearly = await newReward({ limit: 2, period: 'year' });
    const body = (emails: string[]) => ({ storeId: store1, rewardId: yearly.id, reason: 'Colaboración', emails });
    const now = t.clock.now();
    try {
      expect((await confirm(body([a!.email]))).statusCode).toBe(201);
      await travel('2026-06-15T12:00:00Z');
      expect((await confirm(body([a!.email, b!.email]))).json().data).toMatchObject({ receivers: 2, rejected: 0 });
      // A third time in the same program year: refused for a, still fine for b.
      const third = await review(body([a!.email, b!.email]));
      expect(third.statusCode, third.body).toBe(200);
      expect(third.json().data.incorrect).toEqual([{ index: 0, email: a!.email, reason: 'FREQUENCY_LIMIT' }]);
      const load = (await confirm(body([a!.email, b!.email]))).json().data;
      expect(load).toMatchObject({ receivers: 1, rejected: 1 });
      expect(await balance(a!.id)).toBe(200);
      // Nobody left to credit: the whole load is refused.
      const none = await confirm(body([a!.email, b!.email]));
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({ code: 'LOAD_NOTHING_TO_CREDIT', details: { refused: 2 } });
      // The next program year starts on 1 November.
      await travel('2026-11-02T12:00:00Z');
      expect((await review(body([a!.email]))).json().data.incorrect).toEqual([]);

      const monthly = await newReward({ limit: 1, period: 'month' });
      const m = { storeId: store1, rewardId: monthly.id, reason: 'Voz del cliente', emails: [a!.email] };
      expect((await confirm(m)).statusCode).toBe(201);
      await travel('2026-11-30T23:00:00Z');
      expect((await review(m)).json().data.incorrect).toEqual([{ index: 0, email: a!.email, reason: 'FREQUENCY_LIMIT' }]);
      await travel('2026-12-01T00:30:00Z');
      expect((await review(m)).json().data.incorrect).toEqual([]);
    } finally {
      await travel(now);
    }
  });

  it('never takes a balance past int32: the whole load is refused with AMOUNT_TOO_LARGE', async () => {
    const [rich, poor] = await employees(2);
    await t.db.insert(s.pointTransactions).values({ userId: rich!.id, value: 2_147_000_000, kind: 'load', description: 'Test' });
    await t.db.update(s.users).set({ points: 2_147_000_000 }).where(eq(s.users.id, rich!.id));
    const reward = await newReward({ limit: 5, period: 'year' });
    const res = await confirm({
      storeId: store1,
      rewardId: reward.id,
      reason: 'Demasiado',
      points: 1_000_000,
      emails: [poor!.email, rich!.email],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'AMOUNT_TOO_LARGE', details: { emails: [rich!.email] } });
    expect(await balance(poor!.id)).toBe(0);
  });
});

describe('reports', () => {
  it('lists loads of a store, shows one, its consolidated rows with filters and paging', async () => {
    const people = await employees(3, { name: 'Reporte' });
    const reward = await newReward({ limit: 5, period: 'year', points: 40 });
    const load = (await confirm({ storeId: store1, rewardId: reward.id, reason: 'Reporte', emails: people.map((p) => p.email) })).json()
      .data as Load;

    const list = await get(who.admin, `/api/loads?storeId=${store1}&rewardId=${reward.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalCount: 1, page: 1, data: [{ id: load.id, receivers: 3 }] });
    expect((await get(who.admin, '/api/loads?from=2026-03-03')).json().data.map((l: Load) => l.id)).not.toContain(load.id);
    expect((await get(who.admin, `/api/loads/${load.id}`)).json().data).toEqual(load);

    const page = await get(who.admin, `/api/loads/consolidated?storeId=${store1}&loadId=${load.id}&pageSize=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json<ConsolidatedPage>();
    expect(body).toMatchObject({ page: 1, pageSize: 2, totalCount: 3, totalPages: 2, data: { totalCount: 3 } });
    expect(body.data.loads).toHaveLength(2);
    expect(body.data.loads[0]).toMatchObject({
      loadId: load.id,
      reward: { id: reward.id, name: reward.name },
      receiver: { email: people[2]!.email, name: 'Reporte N2' },
      receiverStoreName: 'Oficina Querétaro',
      sender: { email: admin.email },
      senderStoreName: 'Oficina Querétaro',
      points: 40,
    });
    const byReceiver = await get(who.admin, `/api/loads/consolidated?receiver=${encodeURIComponent(people[1]!.email.toUpperCase())}`);
    expect(byReceiver.json<ConsolidatedPage>().data.loads.map((r) => r.receiver.id)).toEqual([people[1]!.id]);
    expect((await get(who.admin, `/api/loads/consolidated?loadId=${load.id}&sender=alberto`)).json().totalCount).toBe(3);
    expect((await get(who.admin, `/api/loads/consolidated?loadId=${load.id}&sender=sofia`)).json().totalCount).toBe(0);
    expect((await get(who.admin, `/api/loads/consolidated?loadId=${load.id}&to=2026-03-01`)).json().totalCount).toBe(0);
    expect((await get(who.admin, `/api/loads/consolidated?loadId=${load.id}&from=2026-03-02&to=2026-03-02`)).json().totalCount).toBe(3);
    expect((await get(who.admin, '/api/loads/consolidated?loadId=1&unknown=1')).statusCode).toBe(400);
  });

  it('exports the consolidated rows as XLSX and CSV: proper columns, real dates and numbers, formulas neutralised, the reader’s language', async () => {
    const [evil] = await employees(1, { name: '=HYPERLINK("http://evil.example","x")' });
    const [plain] = await employees(1, { name: 'Núñez' });
    const reward = await newReward({ limit: 5, period: 'year', points: 1234, nameEn: 'Team spirit' });
    const load = (await confirm({ storeId: store1, rewardId: reward.id, reason: 'Exportar', emails: [evil!.email, plain!.email] })).json()
      .data as Load;

    const xlsx = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="consolidado-2026-03-02\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Consolidado');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Carga',
      'Fecha',
      'Reconocimiento',
      'Receptor',
      'Correo del receptor',
      'Oficina del receptor',
      'Emisor',
      'Correo del emisor',
      'Oficina del emisor',
      'Puntos',
    ]);
    expect(sheet.rowCount).toBe(3);
    const rows = [sheet.getRow(2), sheet.getRow(3)];
    const evilRow = rows.find((r) => r.getCell(6).value === evil!.email)!;
    expect(evilRow.getCell(5).value).toBe(`'=HYPERLINK("http://evil.example","x") N0`);
    expect(evilRow.getCell(5).formula).toBeUndefined();
    expect(evilRow.getCell(3).value).toEqual(t.clock.now());
    expect(evilRow.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(evilRow.getCell(11).value).toBe(1234);
    expect(evilRow.getCell(11).numFmt).toBe('#,##0');
    expect(evilRow.getCell(4).value).toBe(reward.name);
    expect(rows.find((r) => r.getCell(6).value === plain!.email)!.getCell(5).value).toBe('Núñez N0');

    const csv = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=csv`, { 'accept-language': 'en' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([
      'ID',
      'Load',
      'Date',
      'Recognition',
      'Receiver',
      'Receiver e-mail',
      'Receiver office',
      'Sender',
      'Sender e-mail',
      'Sender office',
      'Points',
    ]);
    expect(records).toHaveLength(3);
    const evilCsv = records.find((r) => r[5] === evil!.email)!;
    expect(evilCsv[4]).toBe(`'=HYPERLINK("http://evil.example","x") N0`);
    expect(evilCsv[2]).toBe(t.clock.now().toISOString());
    expect(evilCsv[10]).toBe('1234');
    expect(evilCsv[3]).toBe('Team spirit');
  });

  it('streams an export of many rows as the database writes them: every row once, newest first, the header and each cell right', async () => {
    const people = await employees(2_500, { name: 'Masivo' });
    const reward = await newReward({ limit: 5, period: 'year', points: 7 });
    const load = (await confirm({ storeId: store1, rewardId: reward.id, reason: 'Masiva', emails: people.map((p) => p.email) })).json()
      .data as Load;
    expect(load.receivers).toBe(2_500);
    const expected = (
      await t.db
        .select({ id: s.loadEntries.id, userId: s.loadEntries.userId })
        .from(s.loadEntries)
        .where(eq(s.loadEntries.loadId, load.id))
        .orderBy(desc(s.loadEntries.id))
    ).map((r) => {
      const i = people.findIndex((p) => p.id === r.userId);
      return { id: r.id, email: people[i]!.email, name: `Masivo N${i}` };
    });

    // What the database writes (one COPY on PostgreSQL, pages of EXPORT_PAGE rows on PGlite), newest first, numbered.
    expect(2_500).toBeGreaterThan(2 * EXPORT_PAGE);
    const chunks: Buffer[] = [];
    const scope = { loadId: load.id, storeIds: null, timeZone: 'UTC' };
    for await (const chunk of consolidatedCopy(t.db, scope, { columns: (r) => [r.rowNumber, r.id], options: 'with (format csv)' }))
      chunks.push(chunk);
    expect(Buffer.concat(chunks).toString().trimEnd().split('\n')).toEqual(expected.map((r, i) => `${i + 1},${r.id}`));

    const csv = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const records = parseCsv(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([
      'ID',
      'Carga',
      'Fecha',
      'Reconocimiento',
      'Receptor',
      'Correo del receptor',
      'Oficina del receptor',
      'Emisor',
      'Correo del emisor',
      'Oficina del emisor',
      'Puntos',
    ]);
    expect(records.slice(1).map((r) => [Number(r[0]), r[4], r[5]])).toEqual(expected.map((e) => [e.id, e.name, e.email]));
    for (const r of records.slice(1))
      expect(r.slice(1, 4).concat(r.slice(6))).toEqual([
        String(load.id),
        t.clock.now().toISOString(),
        reward.name,
        'Oficina Querétaro',
        'Alberto Admin',
        admin.email,
        'Oficina Querétaro',
        '7',
      ]);

    const xlsx = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=xlsx`, { 'accept-language': 'en' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Consolidated');
    expect(sheet.rowCount).toBe(2_501);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Load',
      'Date',
      'Recognition',
      'Receiver',
      'Receiver e-mail',
      'Receiver office',
      'Sender',
      'Sender e-mail',
      'Sender office',
      'Points',
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    const read: [unknown, unknown, unknown][] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      read.push([row.getCell(1).value, row.getCell(5).value, row.getCell(6).value]);
      expect(row.getCell(2).value).toBe(load.id);
      expect(row.getCell(3).value).toEqual(t.clock.now());
      expect(row.getCell(11).value).toBe(7);
    });
    expect(read).toEqual(expected.map((e) => [e.id, e.name, e.email]));
  });

  it('writes text as it is: markup characters, separators, line breaks, spaces in front, emoji; formulas neutralised, control characters out of XML', async () => {
    const names = ['Ana & "Luis" <dev>', 'Pérez; Ana\nBeatriz', ' Espacio', '=1+1', '-5', 'Fiesta 🎉', 'Timbre\u0007'];
    const people: { id: number; email: string }[] = [];
    for (const name of names) people.push(...(await employees(1, { name })));
    const reward = await newReward({ limit: 5, period: 'year', points: 9 });
    const load = (await confirm({ storeId: store1, rewardId: reward.id, reason: 'Nombres', emails: people.map((p) => p.email) })).json()
      .data as Load;
    const byEmail = (rows: string[][], email: number, name: number) => Object.fromEntries(rows.map((r) => [r[email], r[name]]));
    const written = (full: string[]) => Object.fromEntries(people.map((p, i) => [p.email, full[i]]));

    const csv = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=csv`);
    const records = parseCsv(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
    expect(byEmail(records.slice(1), 5, 4)).toEqual(
      written(['Ana & "Luis" <dev> N0', 'Pérez; Ana\nBeatriz N0', ' Espacio N0', "'=1+1 N0", "'-5 N0", 'Fiesta 🎉 N0', 'Timbre\u0007 N0']),
    );

    const xlsx = await get(who.admin, `/api/loads/consolidated/export?loadId=${load.id}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push([String(row.getCell(6).value), String(row.getCell(5).value)]);
    });
    expect(byEmail(rows, 0, 1)).toEqual(
      written(['Ana & "Luis" <dev> N0', 'Pérez; Ana\nBeatriz N0', ' Espacio N0', "'=1+1 N0", "'-5 N0", 'Fiesta 🎉 N0', 'Timbre N0']),
    );

    // The list's filters reach the database's COPY as literals: quotes and backslashes stay text, dates are dates.
    const only = (receiver: string) =>
      get(
        who.admin,
        `/api/loads/consolidated/export?loadId=${load.id}&format=csv&from=2020-01-01&to=2030-12-31&receiver=${encodeURIComponent(receiver)}`,
      );
    const luis = parseCsv((await only('"Luis" <dev>')).rawPayload, { bom: true, delimiter: ';' }) as string[][];
    expect(luis.slice(1).map((r) => r[4])).toEqual(['Ana & "Luis" <dev> N0']);
    const none = await only("o'brien\\'; select 1; --");
    expect(none.statusCode).toBe(200);
    expect(parseCsv(none.rawPayload, { bom: true, delimiter: ';' })).toHaveLength(1);
  });

  it('ends its database read when the client leaves halfway', async () => {
    const people = await employees(300, { name: 'Lento' });
    const reward = await newReward({ limit: 5, period: 'year', points: 3 });
    const load = (await confirm({ storeId: store1, rewardId: reward.id, reason: 'Lenta', emails: people.map((p) => p.email) })).json()
      .data as Load;
    for (const format of ['csv', 'xlsx'] as const) {
      const errors: unknown[] = [];
      const scope = { loadId: load.id, storeIds: null, timeZone: 'UTC' };
      const stream = exportConsolidated(
        (copy) => consolidatedCopy(t.db, scope, copy),
        format,
        'es',
        (err) => errors.push(err),
      );
      await new Promise((resolve) => stream.once('readable', resolve));
      stream.destroy();
      await new Promise((resolve) => stream.once('close', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors, format).toEqual([]);
    }
    // No transaction is left open (on PostgreSQL the cursor's connection went back to the pool), and the database answers.
    const open = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(Number(open.rows[0]!.n)).toBe(0);
    expect((await get(who.admin, `/api/loads/consolidated?loadId=${load.id}`)).json().totalCount).toBe(300);
  });
});

describe('access', () => {
  it('answers 401 signed out, 403 to shoppers, FORBIDDEN_STORE to an administrator of another store', async () => {
    const [a] = await employees(1);
    const reward = await newReward({ limit: 5, period: 'year' });
    const body = { storeId: store1, rewardId: reward.id, emails: [a!.email] };
    const load = (await confirm({ ...body, reason: 'Acceso' })).json().data as Load;
    const calls: [string, string, object?][] = [
      ['GET', `/api/loads/rewards?storeId=${store1}`],
      ['POST', '/api/loads/review', body],
      ['POST', '/api/loads', { ...body, reason: 'Acceso' }],
      ['GET', `/api/loads?storeId=${store1}`],
      ['GET', `/api/loads/${load.id}`],
      ['GET', `/api/loads/emails?loadId=${load.id}`],
      ['GET', `/api/loads/consolidated?storeId=${store1}`],
      ['GET', `/api/loads/consolidated/export?storeId=${store1}&format=csv`],
    ];
    for (const [method, url, payload] of calls) {
      const call = (session?: string) =>
        t.app.inject({ method: method as 'GET', url, headers: session ? as(session) : ORIGIN, ...(payload ? { payload } : {}) });
      expect((await call()).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(who.ana)).json(), `${method} ${url} as a shopper`).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect((await call(who.admin2)).json(), `${method} ${url} other store`).toMatchObject({ statusCode: 403, code: 'FORBIDDEN_STORE' });
    }
    expect(await balance(a!.id)).toBe(100);
    // Without a store, an administrator sees only their stores' loads and rows.
    expect((await get(who.admin2, '/api/loads')).json().data.map((l: Load) => l.id)).not.toContain(load.id);
    expect((await get(who.admin2, '/api/loads/consolidated')).json().totalCount).toBe(0);
    expect((await get(who.super, '/api/loads')).json().data.map((l: Load) => l.id)).toContain(load.id);
    // The wizard's recognitions: the store's active ones.
    const rewards = (await get(who.admin, `/api/loads/rewards?storeId=${store1}`)).json().data as { id: number }[];
    expect(rewards.map((r) => r.id)).toContain(reward.id);
    const count = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from rewards where store_id = ${store1} and active`);
    expect(rewards).toHaveLength(Number(count.rows[0]!.n));
  });
});

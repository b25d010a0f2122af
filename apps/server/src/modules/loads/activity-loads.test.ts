import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Load, LoadEmail, LoadReview } from '@rewards/shared/loads';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { pgCode } from '../../lib/database-errors.ts';

/**
 * Once per activity (docs/decisions/0036-once-per-activity.md, docs/architecture.md A6.7): a class, trivia
 * or webinar recognition names its activity (title and
 * date) in each load, and a person receives it once per activity; the same activity typed with other
 * case, accents or spaces is the same one. The review names the activity a refusal is about; the
 * database refuses a second credit by itself (unique index) and two concurrent confirms credit once.
 * The store, its area and yearly recognition, and its administrator are this file's own.
 */
let t: TestApp;
let admin: string;
let adminId: number;
let store1: number;
let area: number;
/** A recognition of the store given at most twice a year (not per activity). */
let yearlyId: number;

beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  store1 = (await make.store()).id;
  area = (await make.area({ storeId: store1 })).id;
  yearlyId = (await make.recognition({ storeId: store1, areaId: area, code: 'collaboration', limit: 2, period: 'year' })).id;
  const made = await make.admin({ stores: [store1] });
  admin = made.session;
  adminId = made.id;
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

let seq = 0;
async function employees(n: number) {
  const batch = ++seq;
  return t.db
    .insert(s.users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `act${batch}-${i}@activity.test`,
        name: `Persona ${batch}`,
        lastName: `N${i}`,
        storeId: store1,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
}

/** A once-per-activity recognition of its own, so every test starts from nobody having received it. */
async function webinarReward(points = 100) {
  const n = ++seq;
  const [r] = await t.db
    .insert(s.rewards)
    .values({
      storeId: store1,
      code: `webinar-${n}`,
      name: `Webinar ${n}`,
      description: 'Puntos por asistir a un webinar.',
      points,
      frequencyLimit: 1,
      frequencyPeriod: 'activity',
      activityKind: 'webinar',
    })
    .returning();
  return r!;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...as(admin), ...headers }, payload });
const review = ({ reason: _reason, ...body }: Record<string, unknown>, lang = 'es') =>
  post('/api/loads/review', body, { 'accept-language': lang });
const confirm = (body: object, lang = 'es') => post('/api/loads', body, { 'accept-language': lang });
/** The SQLSTATE a statement fails with (undefined if it succeeds). */
async function sqlState(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (err) {
    return pgCode(err);
  }
}
const balance = async (id: number) => (await t.db.select({ v: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.v;
const ledgerSum = async (id: number) =>
  Number(
    (await t.db.execute<{ v: string }>(sql`select coalesce(sum(value), 0)::bigint as v from point_transactions where user_id = ${id}`))
      .rows[0]!.v,
  );

describe('once per activity', () => {
  it('credits two different webinars on one day; the same webinar again (other case, accents, spaces) is FREQUENCY_LIMIT naming it', async () => {
    const [a, b] = await employees(2);
    const reward = await webinarReward(100);
    const load = (title: string, emails: string[], date = '2026-03-02') => ({
      storeId: store1,
      rewardId: reward.id,
      reason: 'Asistencia',
      emails,
      activity: { title, date },
    });

    const first = await confirm(load('Seguridad digital', [a!.email]));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<{ data: Load }>().data).toMatchObject({
      activity: { title: 'Seguridad digital', date: '2026-03-02' },
      receivers: 1,
      rejected: 0,
    });
    const second = await confirm(load('Finanzas personales', [a!.email]));
    expect(second.statusCode, second.body).toBe(201);
    expect(await balance(a!.id)).toBe(200);
    // The same title on another day is another activity.
    expect((await confirm(load('Seguridad digital', [a!.email], '2026-03-01'))).statusCode).toBe(201);
    expect(await balance(a!.id)).toBe(300);

    // The same webinar as the first: refused for a (named, with the load that credited it), fine for b.
    const again = await review(load('  SEGURIDAD   DIGITÁL ', [a!.email, b!.email]));
    expect(again.statusCode, again.body).toBe(200);
    const data = again.json<{ data: LoadReview }>().data;
    expect(data.incorrect).toEqual([
      {
        index: 0,
        email: a!.email,
        reason: 'FREQUENCY_LIMIT',
        activity: { title: 'Seguridad digital', date: '2026-03-02', loadId: first.json().data.id },
      },
    ]);
    expect(data.correct.map((c) => c.userId)).toEqual([b!.id]);

    const partly = await confirm(load('seguridad digital', [a!.email, b!.email]));
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json().data).toMatchObject({ receivers: 1, rejected: 1 });
    const emails = await t.app.inject({ method: 'GET', url: `/api/loads/emails?loadId=${partly.json().data.id}`, headers: as(admin) });
    expect(emails.json<{ data: LoadEmail[] }>().data.map((e) => [e.email, e.reason])).toEqual([
      [b!.email, null],
      [a!.email, 'FREQUENCY_LIMIT'],
    ]);

    // Nobody left: the whole load is refused, and says which activity, in the reader's language.
    const none = await confirm(load('Seguridad Digital', [a!.email, b!.email]), 'en');
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'LOAD_NOTHING_TO_CREDIT',
      message: 'None of the e-mails can receive points: review the list again',
      details: { refused: 2, activity: { title: 'Seguridad Digital', date: '2026-03-02' } },
    });
    expect(await balance(a!.id)).toBe(300);
    expect(await balance(b!.id)).toBe(100);
    expect(await ledgerSum(a!.id)).toBe(300);

    // The statement names the activity.
    const [line] = await t.db
      .select({ d: s.pointTransactions.description })
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.userId, b!.id)));
    expect(line!.d).toBe(`${reward.name} (seguridad digital): Asistencia`);
  });

  it('needs the activity for such a recognition, refuses one for the others, and dates it in the program year up to today (es/en)', async () => {
    const [a] = await employees(1);
    const reward = await webinarReward();
    const base = { storeId: store1, rewardId: reward.id, reason: 'Asistencia', emails: [a!.email] };

    const missing = await review(base, 'en');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'LOAD_ACTIVITY_REQUIRED',
      message: 'This recognition is given once per activity: give the title and the date of the activity',
      details: { rewardId: reward.id },
    });
    expect((await confirm(base)).json()).toMatchObject({
      code: 'LOAD_ACTIVITY_REQUIRED',
      message: 'Este reconocimiento se otorga una vez por actividad: indica el título y la fecha de la actividad',
    });

    const future = await confirm({ ...base, activity: { title: 'Mañana', date: '2026-03-03' } }, 'en');
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({
      code: 'LOAD_ACTIVITY_DATE',
      message: 'The date of the activity must be in the current program year and not after today',
      details: { date: '2026-03-03', from: '2025-11-01', to: '2026-03-02' },
    });
    const lastYear = await review({ ...base, activity: { title: 'Antes', date: '2025-10-31' } });
    expect(lastYear.json()).toMatchObject({
      code: 'LOAD_ACTIVITY_DATE',
      message: 'La fecha de la actividad debe estar en el año del programa en curso y no ser posterior a hoy',
    });
    expect((await review({ ...base, activity: { title: 'Inicio', date: '2025-11-01' } })).statusCode).toBe(200);

    // The title and date are validated by the shared primitives.
    const bad = await review({ ...base, activity: { title: ' x ', date: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.activity.date', 'body.activity.title']);
    expect((await review({ ...base, activity: { title: 'Webinar', date: '2026-03-01', extra: 1 } })).statusCode).toBe(400);
    expect((await review({ ...base, activity: { title: 'x'.repeat(121), date: '2026-03-01' } })).statusCode).toBe(400);

    const unexpected = await confirm({ ...base, rewardId: yearlyId, activity: { title: 'Proyecto', date: '2026-03-01' } }, 'en');
    expect(unexpected.statusCode).toBe(422);
    expect(unexpected.json()).toMatchObject({
      code: 'LOAD_ACTIVITY_UNEXPECTED',
      message: 'This recognition is not given per activity: leave the activity out',
    });
    expect(await balance(a!.id)).toBe(0);
  });

  it('checks the activity again under the lock: a recognition changed meanwhile is refused by the database function', async () => {
    const [a] = await employees(1);
    const reward = await webinarReward();
    const { creditLoad } = await import('./loads.service.ts');
    const credit = (activity: { title: string; date: string; key: string } | null) =>
      creditLoad(t.db, {
        storeId: store1,
        rewardId: reward.id,
        points: 10,
        reason: 'Directo',
        reasonEn: '',
        actorId: adminId,
        since: new Date(0),
        now: t.clock.now(),
        accrualOpen: true,
        emails: [a!.email],
        activity,
      });
    await expect(credit(null)).rejects.toMatchObject({ code: 'LOAD_ACTIVITY_REQUIRED' });
    await expect(credit({ title: 'Uno', date: '2026-03-01', key: 'uno' })).resolves.toMatchObject({ replayed: false });
    await expect(credit({ title: 'UNO', date: '2026-03-01', key: 'uno' })).rejects.toMatchObject({ code: 'LOAD_NOTHING_TO_CREDIT' });
    await t.db.update(s.rewards).set({ frequencyPeriod: 'year', frequencyLimit: 5, activityKind: null }).where(eq(s.rewards.id, reward.id));
    await expect(credit({ title: 'Dos', date: '2026-03-01', key: 'dos' })).rejects.toMatchObject({ code: 'LOAD_ACTIVITY_UNEXPECTED' });
    expect(await balance(a!.id)).toBe(10);
  });

  it('the database itself keeps one entry per recognition, person and activity', async () => {
    const [a] = await employees(1);
    const reward = await webinarReward();
    const res = await confirm({
      storeId: store1,
      rewardId: reward.id,
      reason: 'Asistencia',
      emails: [a!.email],
      activity: { title: 'Ergonomía', date: '2026-02-27' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await t.db.select().from(s.loadEntries).where(eq(s.loadEntries.loadId, res.json().data.id));
    expect(entry).toMatchObject({ activityDate: '2026-02-27', activityKey: 'ergonomia' });
    // A second entry written around the function (another load, same person and activity) is refused.
    const { id: _id, ...copy } = entry!;
    expect(await sqlState(t.db.insert(s.loadEntries).values({ ...copy, loadId: copy.loadId + 1_000_000 }))).toBe('23505');
    // Another date, or another person, is another entry.
    await t.db.delete(s.loadEntries).where(eq(s.loadEntries.loadId, copy.loadId + 1_000_000));
    // A recognition row must say what kind of activity once-per-activity is, and mean once.
    expect(await sqlState(t.db.update(s.rewards).set({ frequencyLimit: 2 }).where(eq(s.rewards.id, reward.id)))).toBe('23514');
    expect(await sqlState(t.db.update(s.rewards).set({ activityKind: null }).where(eq(s.rewards.id, reward.id)))).toBe('23514');
  });

  it('two loads of the same activity confirmed at once credit it once', async () => {
    const people = await employees(3);
    const reward = await webinarReward(70);
    const body = (reason: string, title: string) => ({
      storeId: store1,
      rewardId: reward.id,
      reason,
      emails: people.map((p) => p.email),
      activity: { title, date: '2026-03-02' },
    });
    const results = await Promise.all([
      post('/api/loads', body('Primera carga', 'Salud mental'), { 'idempotency-key': `concurrent-a-${seq}` }),
      post('/api/loads', body('Segunda carga', 'salud  mental'), { 'idempotency-key': `concurrent-b-${seq}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().code).toBe('LOAD_NOTHING_TO_CREDIT');
    const ids = people.map((p) => p.id);
    for (const id of ids) {
      expect(await balance(id)).toBe(70);
      expect(await ledgerSum(id)).toBe(70);
    }
    const entries = await t.db
      .select()
      .from(s.loadEntries)
      .where(and(eq(s.loadEntries.rewardId, reward.id), inArray(s.loadEntries.userId, ids)));
    expect(entries).toHaveLength(3);
  });
});

describe('recognitions once per activity', () => {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { ...as(admin), 'accept-language': 'en' }, payload });
  const form = {
    name: 'Taller de bienestar',
    description: 'Puntos por asistir a un taller de bienestar.',
    points: 80,
    frequencyLimit: 1,
    frequencyPeriod: 'activity',
  };

  it('are created and edited with their kind of activity; the kind is required then, the limit is once, and dropped for a period', async () => {
    const noKind = await call('POST', '/api/rewards', { ...form, areaId: area, storeId: store1 });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().details).toEqual([expect.objectContaining({ field: 'body.activityKind', message: 'Required field' })]);
    const twice = await call('POST', '/api/rewards', { ...form, areaId: area, storeId: store1, activityKind: 'class', frequencyLimit: 2 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([expect.objectContaining({ field: 'body.frequencyLimit' })]);
    expect((await call('POST', '/api/rewards', { ...form, areaId: area, storeId: store1, activityKind: 'party' })).statusCode).toBe(400);

    const created = await call('POST', '/api/rewards', { ...form, areaId: area, storeId: store1, activityKind: 'class' });
    expect(created.statusCode, created.body).toBe(201);
    const reward = created.json().data;
    expect(reward).toMatchObject({ frequencyPeriod: 'activity', frequencyLimit: 1, activityKind: 'class' });
    const wizard = await t.app.inject({ method: 'GET', url: `/api/loads/rewards?storeId=${store1}`, headers: as(admin) });
    expect(wizard.json().data.find((r: { id: number }) => r.id === reward.id)).toMatchObject({
      frequencyPeriod: 'activity',
      activityKind: 'class',
    });

    const yearly = await call('PUT', `/api/rewards/${reward.id}`, {
      ...form,
      areaId: area,
      frequencyPeriod: 'year',
      frequencyLimit: 3,
      activityKind: 'class',
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect(yearly.json().data).toMatchObject({ frequencyPeriod: 'year', frequencyLimit: 3, activityKind: null });
  });

  // About the demo data: the seed's first store.
  it('the seed gives class, trivia and webinar once per activity', async () => {
    const [seeded] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
    const rows = await t.db
      .select({ code: s.rewards.code, period: s.rewards.frequencyPeriod, limit: s.rewards.frequencyLimit, kind: s.rewards.activityKind })
      .from(s.rewards)
      .where(and(eq(s.rewards.storeId, seeded!.id), inArray(s.rewards.code, ['class', 'trivia', 'webinar'])))
      .orderBy(asc(s.rewards.id));
    expect(rows).toEqual([
      { code: 'class', period: 'activity', limit: 1, kind: 'class' },
      { code: 'trivia', period: 'activity', limit: 1, kind: 'trivia' },
      { code: 'webinar', period: 'activity', limit: 1, kind: 'webinar' },
    ]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Challenge, ChallengeAwardResult, ChallengeParticipant, ChallengeSummary, UserChallenge } from '@rewards/shared/challenges';
import type { ListResponse } from '@rewards/shared/common';
import { bilingualDescription } from '@rewards/shared/notifications';
import * as s from '../../db/schema/index.ts';
import { createTestApp, ORIGIN, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { createApiToken } from '../auth/auth.service.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { postPoints } from '../points/points.service.ts';

/**
 * Surprise challenges (docs/architecture.md A6.8, docs/decisions/0008-challenges.md): every endpoint, who
 * may call it, the one-active rule, the submission
 * rules, winners of both types, awarding once (a load: ledger, balances, consolidated rows,
 * notifications). Each test makes its own challenges and participants; the money invariants are checked
 * after every test. The two stores are this file's own, so a store's users are the ones made here.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let store1: number;
let store2: number;
/** The administrator of store 1, who signs in again after the clock moves. */
let adminId: number;
/**
 * Credentials by name: the administrator's session cookie, personal API tokens (valid a year on the test
 * clock, so `travel` keeps them; sign-in has its own rate limit) for everyone else.
 */
const who: Record<string, string> = {};
const START = '2026-03-02T15:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  store1 = (await make.store()).id;
  store2 = (await make.store()).id;
  const admin = await make.admin({ stores: [store1] });
  adminId = admin.id;
  who.admin = `cookie:${admin.session}`;
  // A super administrator, a shopper of store 1 and the administrator of store 2.
  who.super = await tokenOf((await make.superAdmin()).id);
  who.ana = await tokenOf((await make.shopper({ storeId: store1 })).id);
  who.admin2 = await tokenOf((await make.admin({ stores: [store2] })).id);
});
afterAll(() => t?.close());
afterEach(() => assertInvariants(t.db));

async function tokenOf(userId: number): Promise<string> {
  return (await createApiToken(t.db, { userId, name: 'challenges test', now: t.clock.now(), days: 365 })).token;
}

/** Moves the test clock; the administrator's session lives on it (hours), so they sign in again. */
async function travel(to: string | Date) {
  t.clock.set(to);
  who.admin = `cookie:${(await make.session(adminId)).session}`;
}
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seq = 0;
/** Shoppers of their own (signed in), so no test depends on another's leftovers. */
async function shoppers(n: number, opts: { storeId?: number; active?: 0 | 1 } = {}) {
  const batch = ++seq;
  const rows = await t.db
    .insert(s.users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `p${batch}-${i}@challenges.test`,
        name: `Participante ${batch}`,
        lastName: `N${i}`,
        storeId: opts.storeId ?? store1,
        active: opts.active ?? 1,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
  const out: { id: number; email: string; session: string }[] = [];
  for (const r of rows) out.push({ ...r, session: opts.active === 0 ? '' : await tokenOf(r.id) });
  return out;
}

/** Headers of a credential: a session cookie (with our Origin) or a bearer token. */
const credential = (c: string | undefined) =>
  !c ? ORIGIN : c.startsWith('cookie:') ? { cookie: `rs_session=${c.slice(7)}`, ...ORIGIN } : { authorization: `Bearer ${c}` };
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', session: string | undefined, url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...credential(session), ...headers }, ...(payload ? { payload } : {}) });

function form(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    title: `Trivia de bienestar ${n}`,
    description: 'Responde las preguntas sobre el programa de bienestar.',
    type: 'multiple_choice',
    startsAt: later(-HOUR),
    endsAt: later(7 * DAY),
    winners: 2,
    pointsPerWinner: 150,
    questions: [
      {
        text: '¿Cuántos pasos al día se recomiendan?',
        options: [
          { text: '10,000', isCorrect: true },
          { text: '500', isCorrect: false },
        ],
      },
      {
        text: '¿Cuántos vasos de agua al día?',
        options: [
          { text: 'Uno', isCorrect: false },
          { text: 'Ocho', isCorrect: true },
          { text: 'Ninguno', isCorrect: false },
        ],
      },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}, session = who.admin, storeId = store1): Promise<Challenge> {
  const res = await send('POST', session, '/api/challenges', { ...form(overrides), storeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Challenge }>().data;
}
const activate = (id: number, session = who.admin, headers = {}) =>
  send('PUT', session, `/api/challenges/activate/${id}`, undefined, headers);
const deactivate = (id: number, session = who.admin) => send('PUT', session, `/api/challenges/deactivate/${id}`);
/** A store with no active challenge: each test that activates one in store 1 starts from here. */
async function clearActive(storeId = store1) {
  await t.db
    .update(s.challenges)
    .set({ isActive: false })
    .where(and(eq(s.challenges.storeId, storeId), eq(s.challenges.isActive, true)));
}
async function open(overrides: Record<string, unknown> = {}, storeId = store1): Promise<Challenge> {
  await clearActive(storeId);
  const c = await create(overrides, storeId === store1 ? who.admin : who.super, storeId);
  const res = await activate(c.id, who.super);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Challenge }>().data;
}
/** Answers: right (every option marked correct) or wrong (the first wrong option of each). */
function answers(c: Challenge, right: boolean) {
  return {
    challengeId: c.id,
    values: c.questions.map((q) =>
      c.type === 'open'
        ? { questionId: q.id, text: `Mi respuesta a ${q.id}` }
        : { questionId: q.id, optionId: q.options.find((o) => o.isCorrect === right)!.id },
    ),
  };
}
const submit = (session: string, body: object) => send('POST', session, '/api/challenges/answers', body);
const award = (body: object, key?: string, session = who.admin) =>
  send('POST', session, '/api/loads/challenge', body, key ? { 'idempotency-key': key } : {});
const balance = async (id: number) => (await t.db.select({ v: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.v;
const notificationsOf = (userIds: number[]) =>
  t.db
    .select({ userId: s.notifications.userId, description: s.notifications.description, url: s.notifications.url })
    .from(s.notifications)
    .where(and(inArray(s.notifications.userId, userIds), eq(s.notifications.itemType, 'challenge')));

describe('access', () => {
  it('is for signed-in users; administrators of the store manage; shoppers answer', async () => {
    const c = await create();
    expect((await send('GET', undefined, `/api/challenges?storeId=${store1}`)).statusCode).toBe(401);
    expect((await send('GET', undefined, '/api/challenges/userChallenge')).statusCode).toBe(401);
    expect((await send('POST', undefined, '/api/challenges/answers', answers(c, true))).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', `/api/challenges?storeId=${store1}`],
      ['GET', `/api/challenges/${c.id}`],
      ['POST', '/api/challenges', { ...form(), storeId: store1 }],
      ['PUT', `/api/challenges/${c.id}`, form()],
      ['PUT', `/api/challenges/activate/${c.id}`],
      ['PUT', `/api/challenges/deactivate/${c.id}`],
      ['DELETE', `/api/challenges/delete/${c.id}`],
      ['GET', `/api/challenges/participants?challengeId=${c.id}`],
      ['POST', '/api/loads/challenge', { challengeId: c.id }],
    ] as const) {
      const asShopper = await send(method, who.ana, url, body);
      expect(asShopper.statusCode, `${method} ${url}`).toBe(403);
      expect(asShopper.json().code).toBe('FORBIDDEN');
      const otherStore = await send(method, who.admin2, url, body);
      expect(otherStore.statusCode, `${method} ${url}`).toBe(403);
      expect(otherStore.json().code).toBe('FORBIDDEN_STORE');
    }
    // The super administrator runs every store.
    expect((await send('GET', who.super, `/api/challenges/${c.id}`)).statusCode).toBe(200);
    expect((await send('GET', who.admin, '/api/challenges/999999')).json().code).toBe('NOT_FOUND');
  });
});

describe('writing challenges', () => {
  it('creates an inactive challenge with its questions, right options and computed total', async () => {
    const c = await create({ winners: 3, pointsPerWinner: 200 });
    expect(c).toMatchObject({ storeId: store1, type: 'multiple_choice', isActive: false, status: 'inactive', totalPoints: 600 });
    expect(c.questions).toHaveLength(2);
    expect(c.questions[1]!.options.map((o) => [o.text, o.isCorrect])).toEqual([
      ['Uno', false],
      ['Ocho', true],
      ['Ninguno', false],
    ]);
    const again = await send('GET', who.admin, `/api/challenges/${c.id}`);
    expect(again.json<{ data: Challenge }>().data).toEqual(c);
  });

  it('open-ended questions keep no options', async () => {
    const c = await create({ type: 'open', questions: [{ text: '¿Qué te motiva?', options: [{ text: 'x', isCorrect: true }] }] });
    expect(c.questions).toEqual([{ id: expect.any(Number), text: '¿Qué te motiva?', textEn: '', options: [] }]);
  });

  it('refuses what the rules do not allow, field by field', async () => {
    const fieldsOf = async (body: object) => {
      const res = await send('POST', who.admin, '/api/challenges', { storeId: store1, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return (res.json().details as { field: string; message: string }[]).map((d) => `${d.field}: ${d.message}`);
    };
    expect(await fieldsOf(form({ questions: [] }))).toEqual(['body.questions: Add at least one question']);
    expect(await fieldsOf(form({ questions: [{ text: 'Pregunta', options: [{ text: 'Sola', isCorrect: true }] }] }))).toEqual([
      'body.questions.0.options: Add at least two options',
    ]);
    const noneRight = [{ text: 'Pregunta', options: [{ text: 'A' }, { text: 'B' }] }];
    const twoRight = [
      {
        text: 'Pregunta',
        options: [
          { text: 'A', isCorrect: true },
          { text: 'B', isCorrect: true },
        ],
      },
    ];
    expect(await fieldsOf(form({ questions: noneRight }))).toEqual(['body.questions.0.options: Mark exactly one option as correct']);
    expect(await fieldsOf(form({ questions: twoRight }))).toEqual(['body.questions.0.options: Mark exactly one option as correct']);
    expect(await fieldsOf(form({ startsAt: later(DAY), endsAt: later(DAY) }))).toEqual(['body.endsAt: The end must be after the start']);
    expect(await fieldsOf(form({ winners: 0 }))).toHaveLength(1);
    expect(await fieldsOf(form({ pointsPerWinner: 0 }))).toHaveLength(1);
    expect(await fieldsOf(form({ pointsPerWinner: 2_147_483_648 }))).toHaveLength(1);
    expect(await fieldsOf(form({ type: 'trivia' }))).toHaveLength(1);
    expect(await fieldsOf(form({ title: 'a\u0000b' }))).toHaveLength(1);
    expect(await fieldsOf(form({ startsAt: '2026-03-02T15:00:00' }))).toHaveLength(1); // no zone
    expect(await fieldsOf(form({ endsAt: '9999-01-01T00:00:00Z' }))).toHaveLength(1);
    expect((await send('POST', who.super, '/api/challenges', { ...form(), storeId: 2_147_483_647 })).statusCode).toBe(400);
  });

  it("lists a store's challenges with search (accents and case aside), the active filter and paging", async () => {
    const mine = await create({ title: 'Reto de Colaboración Ñandú' });
    const res = await send('GET', who.admin, `/api/challenges?storeId=${store1}&search=colaboracion%20nandu`);
    const list = res.json<ListResponse<ChallengeSummary>>();
    expect(list.data.map((c) => c.id)).toEqual([mine.id]);
    expect(list.data[0]).toMatchObject({ questionCount: 2, participants: 0, status: 'inactive' });
    const paged = (await send('GET', who.admin, `/api/challenges?storeId=${store1}&pageSize=1&page=2`)).json<
      ListResponse<ChallengeSummary>
    >();
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.totalCount).toBeGreaterThan(1);
    const active = await open();
    const onlyActive = (await send('GET', who.admin, `/api/challenges?storeId=${store1}&active=true`)).json<
      ListResponse<ChallengeSummary>
    >();
    expect(onlyActive.data.map((c) => c.id)).toEqual([active.id]);
    const first = (await send('GET', who.admin, `/api/challenges?storeId=${store1}`)).json<ListResponse<ChallengeSummary>>();
    expect(first.data[0]!.id).toBe(active.id);
    expect((await send('GET', who.admin, `/api/challenges?storeId=${store1}&unknown=1`)).statusCode).toBe(400);
  });

  it('edits (questions replaced) and deletes while nobody has answered; refuses both after an answer', async () => {
    const c = await create();
    const edited = await send(
      'PUT',
      who.admin,
      `/api/challenges/${c.id}`,
      form({ title: 'Editado', type: 'open', questions: [{ text: 'Cuéntanos' }] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Challenge }>().data).toMatchObject({
      title: 'Editado',
      type: 'open',
      questions: [{ text: 'Cuéntanos', options: [] }],
    });
    expect(
      await t.db
        .select()
        .from(s.challengeOptions)
        .innerJoin(s.challengeQuestions, eq(s.challengeQuestions.id, s.challengeOptions.questionId))
        .where(eq(s.challengeQuestions.challengeId, c.id)),
    ).toEqual([]);

    const deleted = await send('DELETE', who.admin, `/api/challenges/delete/${c.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await send('GET', who.admin, `/api/challenges/${c.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(s.challengeQuestions).where(eq(s.challengeQuestions.challengeId, c.id))).toEqual([]);

    const answered = await open();
    const [p] = await shoppers(1);
    expect((await submit(p!.session, answers(answered, true))).statusCode).toBe(201);
    for (const res of [
      await send('PUT', who.admin, `/api/challenges/${answered.id}`, form()),
      await send('DELETE', who.admin, `/api/challenges/delete/${answered.id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CHALLENGE_HAS_PARTICIPANTS', details: { participants: 1 } });
    }
  });
});

describe('one active challenge per store', () => {
  it('activates one, refuses a second with ALREADY_ACTIVE, and tells the store once', async () => {
    await clearActive();
    const [p1, p2] = await shoppers(2);
    const [gone] = await shoppers(1, { active: 0 });
    const [elsewhere] = await shoppers(1, { storeId: store2 });
    const a = await create();
    const b = await create();
    const res = await activate(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Challenge }>().data).toMatchObject({ id: a.id, isActive: true, status: 'open' });

    // Every active user of the store, once; nobody else.
    const told = await notificationsOf([p1!.id, p2!.id, gone!.id, elsewhere!.id]);
    expect(told.map((n) => n.userId).sort()).toEqual([p1!.id, p2!.id].sort());
    // The title in both languages (docs/architecture.md A6.15); this one has no English.
    expect(told[0]).toMatchObject({ description: bilingualDescription({ es: a.title, en: '' }), url: '/challenge' });
    const storeUsers = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where store_id = ${store1} and active = 1`,
    );
    const announced = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where item_type = 'challenge' and description = ${bilingualDescription({ es: a.title, en: '' })}`,
    );
    expect(Number(announced.rows[0]!.n)).toBe(Number(storeUsers.rows[0]!.n));

    const second = await activate(b.id, who.admin, { 'accept-language': 'en' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'ALREADY_ACTIVE',
      message: 'There is already an active record',
      details: { challengeId: a.id },
    });
    expect((await activate(b.id)).json().message).toBe('Ya existe un registro activo');

    // Activating the active one again changes nothing and tells nobody again.
    expect((await activate(a.id)).statusCode).toBe(200);
    // Deactivated, the other one may run; back again, the first is not announced a second time.
    expect((await deactivate(a.id)).json<{ data: Challenge }>().data).toMatchObject({ isActive: false, status: 'inactive' });
    expect((await activate(b.id)).statusCode).toBe(200);
    expect((await deactivate(b.id)).statusCode).toBe(200);
    expect((await activate(a.id)).statusCode).toBe(200);
    expect(await notificationsOf([p1!.id])).toHaveLength(2); // a once, b once
    // Another store has its own slot.
    expect((await create({}, who.admin2, store2)).id).toBeGreaterThan(0);
  });

  it('never activates a challenge that has ended', async () => {
    await clearActive();
    const c = await create({ startsAt: later(-3 * DAY), endsAt: later(-DAY) });
    const res = await activate(c.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHALLENGE_ENDED');
  });
});

describe('answering', () => {
  it("shows the store's active challenge without the right options, takes one submission, and shows it back", async () => {
    await clearActive();
    const [p] = await shoppers(1);
    expect((await send('GET', p!.session, '/api/challenges/userChallenge')).json()).toEqual({ data: null });
    const c = await open();
    const view = await send('GET', p!.session, '/api/challenges/userChallenge');
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain('isCorrect');
    const data = view.json<{ data: UserChallenge }>().data;
    expect(data.challenge).toMatchObject({ id: c.id, status: 'open', totalPoints: 300 });
    expect(data.challenge.questions.map((q) => q.options.length)).toEqual([2, 3]);
    expect(data).toMatchObject({ submission: null, now: START });

    const sent = await submit(p!.session, answers(c, false));
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await submit(p!.session, answers(c, true));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CHALLENGE_ALREADY_ANSWERED');
    const after = (await send('GET', p!.session, '/api/challenges/userChallenge')).json<{ data: UserChallenge }>().data;
    expect(after.submission).toMatchObject({ submittedAt: START, isWinner: false, awardedAt: null });
    expect(after.submission!.values).toEqual(answers(c, false).values.map((v) => ({ ...v, text: null })));
    const [row] = await t.db.select().from(s.challengeParticipations).where(eq(s.challengeParticipations.userId, p!.id));
    expect(row!.allCorrect).toBe(false);
  });

  it('requires every question once, options of that question, texts for open-ended', async () => {
    const c = await open();
    const [p] = await shoppers(1);
    const first = answers(c, true).values[0]!;
    const missing = await submit(p!.session, { challengeId: c.id, values: [first] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { field: 'body.values', message: 'Answer every question', code: 'missing_answer', questionId: c.questions[1]!.id },
    ]);
    const wrongOption = await submit(p!.session, {
      challengeId: c.id,
      values: [first, { questionId: c.questions[1]!.id, optionId: c.questions[0]!.options[0]!.id }],
    });
    expect(wrongOption.json().details).toEqual([
      { field: 'body.values.1.optionId', message: 'Not an option of this question', code: 'unknown' },
    ]);
    const twice = await submit(p!.session, { challengeId: c.id, values: [first, first] });
    expect(twice.json().details[0]).toMatchObject({ field: 'body.values.1.questionId', code: 'duplicate' });
    const noOption = await submit(p!.session, {
      challengeId: c.id,
      values: [{ questionId: first.questionId }, answers(c, true).values[1]],
    });
    expect(noOption.json().details).toEqual([{ field: 'body.values.0.optionId', message: 'Required field', code: 'required' }]);
    expect((await submit(p!.session, { challengeId: c.id, values: [] })).statusCode).toBe(400);
    // Nothing was kept from the refused attempts.
    expect(await t.db.select().from(s.challengeParticipations).where(eq(s.challengeParticipations.userId, p!.id))).toEqual([]);

    const openEnded = await open({ type: 'open', questions: [{ text: '¿Qué mejorarías?' }] });
    const q = openEnded.questions[0]!.id;
    expect(
      (await submit(p!.session, { challengeId: openEnded.id, values: [{ questionId: q, text: '   ' }] })).json().details[0],
    ).toMatchObject({
      field: 'body.values.0.text',
      code: 'required',
    });
    expect(
      (await submit(p!.session, { challengeId: openEnded.id, values: [{ questionId: q, optionId: 1 }] })).json().details[0],
    ).toMatchObject({
      code: 'unexpected',
    });
    const ok = await submit(p!.session, { challengeId: openEnded.id, values: [{ questionId: q, text: ' Más pausas activas ' }] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.values).toEqual([{ questionId: q, optionId: null, text: 'Más pausas activas' }]);
  });

  it('only for their own store, only while active and between start and end', async () => {
    const [p] = await shoppers(1);
    const other = await open({}, store2);
    const res = await submit(p!.session, answers(other, true));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHALLENGE_OTHER_STORE');
    expect((await send('GET', p!.session, `/api/challenges/userChallenge?storeId=${store2}`)).json().code).toBe('CHALLENGE_OTHER_STORE');

    // Before its start: no questions to see, no answers taken.
    const soon = await open({ startsAt: later(DAY), endsAt: later(2 * DAY) });
    const before = (await send('GET', p!.session, '/api/challenges/userChallenge')).json<{ data: UserChallenge }>().data;
    expect(before.challenge).toMatchObject({ id: soon.id, status: 'scheduled', questions: [] });
    const early = await submit(p!.session, answers(soon, true));
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'CHALLENGE_NOT_OPEN', details: { status: 'scheduled' } });

    // Inactive.
    const idle = await create();
    expect((await submit(p!.session, answers(idle, true))).json()).toMatchObject({
      code: 'CHALLENGE_NOT_OPEN',
      details: { status: 'inactive' },
    });

    // After its end.
    const short = await open({ endsAt: later(HOUR) });
    await travel(later(2 * HOUR));
    const [late] = await shoppers(1);
    expect((await submit(late!.session, answers(short, true))).json()).toMatchObject({
      code: 'CHALLENGE_NOT_OPEN',
      details: { status: 'ended' },
    });
    const view = (await send('GET', late!.session, '/api/challenges/userChallenge')).json<{ data: UserChallenge }>().data;
    expect(view.challenge.status).toBe('ended');
    await travel(START);
  });
});

describe('participants and winners', () => {
  it('lists participants in order with their answers and who would win now (multiple choice)', async () => {
    const c = await open({ winners: 2 });
    const ps = await shoppers(4);
    const pattern = [true, false, true, true];
    for (const [i, p] of ps.entries()) {
      t.clock.set(new Date(Date.parse(START) + i * 60_000));
      expect((await submit(p.session, answers(c, pattern[i]!))).statusCode).toBe(201);
    }
    t.clock.set(START);
    const res = await send('GET', who.admin, `/api/challenges/participants?challengeId=${c.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<ListResponse<ChallengeParticipant>>();
    expect(list.totalCount).toBe(4);
    expect(list.data.map((p) => [p.userId, p.allCorrect, p.autoWinner])).toEqual([
      [ps[0]!.id, true, true],
      [ps[1]!.id, false, false],
      [ps[2]!.id, true, true],
      [ps[3]!.id, true, false],
    ]);
    expect(list.data[1]!.values.map((v) => [v.optionText, v.isCorrect])).toEqual([
      ['500', false],
      ['Uno', false],
    ]);
    expect(list.data[0]).toMatchObject({ email: ps[0]!.email, name: expect.stringContaining('Participante') });
    // A later page still knows who is among the first N.
    const page2 = (await send('GET', who.admin, `/api/challenges/participants?challengeId=${c.id}&pageSize=1&page=3`)).json<
      ListResponse<ChallengeParticipant>
    >();
    expect(page2.data.map((p) => [p.userId, p.autoWinner])).toEqual([[ps[2]!.id, true]]);
    expect((await send('GET', who.admin, '/api/challenges/participants?challengeId=999999')).statusCode).toBe(404);
  });

  it('multiple choice: credits the first N with every answer right, once, as a load with ledger, entries and notifications', async () => {
    const c = await open({ winners: 2, pointsPerWinner: 150 });
    const ps = await shoppers(4);
    const pattern = [false, true, true, true];
    for (const [i, p] of ps.entries()) {
      t.clock.set(new Date(Date.parse(START) + i * 60_000));
      expect((await submit(p.session, answers(c, pattern[i]!))).statusCode).toBe(201);
    }
    t.clock.set(START);
    const before = await Promise.all(ps.map((p) => balance(p.id)));
    expect((await award({ challengeId: c.id, userIds: [ps[0]!.id] })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    const res = await award({ challengeId: c.id }, 'award-key-0001');
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<{ data: ChallengeAwardResult }>().data;
    expect(result).toMatchObject({ challengeId: c.id, pointsPerWinner: 150, totalPoints: 300, awardedAt: START });
    expect(result.winners.map((w) => w.userId)).toEqual([ps[1]!.id, ps[2]!.id]);
    expect(await Promise.all(ps.map((p) => balance(p.id)))).toEqual([before[0], before[1]! + 150, before[2]! + 150, before[3]]);

    // Ledger: one `challenge` credit per winner, referring to the challenge.
    const ledger = await t.db
      .select()
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.refType, 'challenge'), eq(s.pointTransactions.refId, c.id)));
    expect(ledger.map((l) => [l.userId, l.value, l.kind, l.description]).sort()).toEqual(
      [
        [ps[1]!.id, 150, 'challenge', c.title],
        [ps[2]!.id, 150, 'challenge', c.title],
      ].sort(),
    );
    // The load group and its consolidated rows.
    const [load] = await t.db.select().from(s.loads).where(eq(s.loads.id, result.loadId));
    expect(load).toMatchObject({
      storeId: store1,
      rewardId: null,
      reason: c.title,
      points: 150,
      receivers: 2,
      rejected: 0,
      totalPoints: 300,
    });
    const entries = await t.db.select().from(s.loadEntries).where(eq(s.loadEntries.loadId, result.loadId));
    expect(entries.map((e) => [e.userId, e.points, ledger.find((l) => l.userId === e.userId)!.id]).sort()).toEqual(
      entries.map((e) => [e.userId, 150, e.transactionId]).sort(),
    );
    const loadRead = await send('GET', who.admin, `/api/loads/${result.loadId}`);
    expect(loadRead.json().data).toMatchObject({ reward: null, reason: c.title, receivers: 2, totalPoints: 300 });
    // A 'challenge' notification for each winner (besides the opening one everybody got).
    const notes = await notificationsOf(ps.map((p) => p.id));
    expect(
      notes
        .filter((n) => n.description === bilingualDescription({ es: `${c.title} (+150)`, en: `${c.title} (+150)` }))
        .map((n) => n.userId)
        .sort(),
    ).toEqual([ps[1]!.id, ps[2]!.id].sort());
    // The challenge and the winners' own view.
    const after = (await send('GET', who.admin, `/api/challenges/${c.id}`)).json<{ data: Challenge }>().data;
    expect(after).toMatchObject({ status: 'awarded', awardedAt: START, loadId: result.loadId });
    const mine = (await send('GET', ps[1]!.session, '/api/challenges/userChallenge')).json<{ data: UserChallenge }>().data;
    expect(mine.submission).toMatchObject({ isWinner: true, awardedAt: START });
    expect(mine.challenge.status).toBe('awarded');
    // The statement lists the credit (worded 'Reto: <title>' by describeMovement).
    const movements = await send('GET', ps[1]!.session, '/api/accounts/myMovements');
    expect(movements.statusCode).toBe(200);
    expect(movements.body).toContain(c.title);

    // Once: a retry with the key replays, another key or none is refused, the same key with another body too.
    const replay = await award({ challengeId: c.id }, 'award-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(result);
    const twice = await award({ challengeId: c.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CHALLENGE_ALREADY_AWARDED', details: { loadId: result.loadId } });
    expect((await award({ challengeId: c.id }, 'award-key-0002')).json().code).toBe('CHALLENGE_ALREADY_AWARDED');
    const reused = await award({ challengeId: c.id, userIds: [ps[0]!.id] }, 'award-key-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await Promise.all(ps.map((p) => balance(p.id)))).toEqual([before[0], before[1]! + 150, before[2]! + 150, before[3]]);
    // Nobody answers an awarded challenge, and it is not activated again.
    const [late] = await shoppers(1);
    expect((await submit(late!.session, answers(c, true))).json()).toMatchObject({
      code: 'CHALLENGE_NOT_OPEN',
      details: { status: 'awarded' },
    });
    expect((await deactivate(c.id)).statusCode).toBe(200);
    expect((await activate(c.id)).json().code).toBe('CHALLENGE_ALREADY_AWARDED');
  });

  it('multiple choice with nobody all right has no winners yet', async () => {
    const c = await open();
    const [p] = await shoppers(1);
    await submit(p!.session, answers(c, false));
    const res = await award({ challengeId: c.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHALLENGE_NO_WINNERS');
    expect(await t.db.select().from(s.loads).where(eq(s.loads.reason, c.title))).toEqual([]);
  });

  it('open-ended: the administrator chooses at most N participants', async () => {
    const c = await open({ type: 'open', winners: 2, pointsPerWinner: 500, questions: [{ text: 'Propón una mejora' }] });
    const ps = await shoppers(3);
    const [outsider] = await shoppers(1);
    for (const p of ps) expect((await submit(p.session, answers(c, true))).statusCode).toBe(201);
    const list = (await send('GET', who.admin, `/api/challenges/participants?challengeId=${c.id}`)).json<
      ListResponse<ChallengeParticipant>
    >();
    expect(list.data.map((p) => [p.allCorrect, p.autoWinner, p.values[0]!.isCorrect])).toEqual([
      [null, false, null],
      [null, false, null],
      [null, false, null],
    ]);
    expect(list.data[0]!.values[0]!.text).toBe(`Mi respuesta a ${c.questions[0]!.id}`);

    expect((await award({ challengeId: c.id })).json().details).toEqual([
      { field: 'body.userIds', message: 'Required field', code: 'required' },
    ]);
    const tooMany = await award({ challengeId: c.id, userIds: ps.map((p) => p.id) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toMatchObject({ field: 'body.userIds', code: 'too_big', maximum: 2 });
    expect((await award({ challengeId: c.id, userIds: [ps[0]!.id, ps[0]!.id] })).json().details[0]).toMatchObject({ code: 'duplicate' });
    const stranger = await award({ challengeId: c.id, userIds: [ps[0]!.id, outsider!.id] });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ code: 'CHALLENGE_NOT_PARTICIPANT', details: { userIds: [outsider!.id] } });

    const before = await balance(ps[2]!.id);
    const res = await award({ challengeId: c.id, userIds: [ps[2]!.id] }, undefined, who.super);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ totalPoints: 500, winners: [{ userId: ps[2]!.id }] });
    expect(await balance(ps[2]!.id)).toBe(before + 500);
    expect((await notificationsOf([ps[2]!.id])).map((n) => n.description)).toContain(
      bilingualDescription({ es: `${c.title} (+500)`, en: `${c.title} (+500)` }),
    );
    expect((await award({ challengeId: c.id, userIds: [ps[0]!.id] })).json().code).toBe('CHALLENGE_ALREADY_AWARDED');
  });

  it('is refused outside the accrual window, and whole when a balance would pass int32', async () => {
    const c = await open({ endsAt: later(300 * DAY) });
    const [rich, other] = await shoppers(2);
    for (const p of [rich!, other!]) expect((await submit(p.session, answers(c, true))).statusCode).toBe(201);
    await postPoints(t.db, {
      entries: [{ userId: rich!.id, value: 2_147_483_600 }],
      kind: 'adjustment',
      description: 'Test',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Test' },
      now: t.clock.now(),
    });
    const tooLarge = await award({ challengeId: c.id });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().code).toBe('AMOUNT_TOO_LARGE');
    expect(await balance(other!.id)).toBe(0);
    expect((await send('GET', who.admin, `/api/challenges/${c.id}`)).json().data).toMatchObject({ awardedAt: null, loadId: null });
    await postPoints(t.db, {
      entries: [{ userId: rich!.id, value: -2_147_483_600 }],
      kind: 'adjustment',
      description: 'Test',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Test' },
      now: t.clock.now(),
    });

    await travel('2026-10-05T12:00:00Z');
    const closed = await award({ challengeId: c.id });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe('ACCRUAL_CLOSED');
    await travel(START);
    expect((await award({ challengeId: c.id })).statusCode).toBe(201);
  });

  it('two awards at once credit once; two submissions at once keep one', async () => {
    const c = await open({ winners: 1 });
    const [p] = await shoppers(1);
    const both = await Promise.all([submit(p!.session, answers(c, true)), submit(p!.session, answers(c, true))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const before = await balance(p!.id);
    const awards = await Promise.all([award({ challengeId: c.id }), award({ challengeId: c.id }, undefined, who.super)]);
    expect(awards.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await balance(p!.id)).toBe(before + 150);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Recognition } from '@rewards/shared/peer-rules';
import { describeMovement, type MovementLine } from '@rewards/shared/points';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// Giving (docs/architecture.md A6.16): each refusal writes nothing; a give spends the period's remainder,
// then the boost, and credits every recipient through the points ledger; the same key replays; and 50 gives
// at once from one allowance never spend more than it holds (on PostgreSQL too when TEST_DATABASE_URL is set).

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const MESSAGE = 'Gracias por tu ayuda con el cierre del trimestre';

const give = (u: FactoryUser, body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/recognitions',
    headers: { ...u.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { message: MESSAGE, ...body },
  });
const allowance = async (u: FactoryUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/recognitions/allowance', headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { amount: number; given: number; remaining: number; boost: number; periodStart: string; periodEnd: string } }>()
    .data;
};
const pointsOf = async (id: number) => (await t.db.select({ p: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.p;
const recognitionsBy = async (id: number) =>
  (await t.db.select().from(s.peerRecognitions).where(eq(s.peerRecognitions.giverId, id))).length;

describe('the allowance', () => {
  it('starts with the default grant of the month, in the program time zone', async () => {
    const u = await make.shopper();
    expect(await allowance(u)).toMatchObject({
      amount: 100,
      given: 0,
      remaining: 100,
      boost: 0,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    });
    const moves = await t.db.select().from(s.allowanceMovements).where(eq(s.allowanceMovements.userId, u.id));
    expect(moves.map((m) => [m.kind, m.value, m.periodStart])).toEqual([['granted', 100, '2026-03-01']]);
    // Reading it again resets nothing.
    await allowance(u);
    expect(await t.db.select().from(s.allowanceMovements).where(eq(s.allowanceMovements.userId, u.id))).toHaveLength(1);
  });

  it('is never part of the points balance', async () => {
    const u = await make.shopper({ points: 7 });
    await allowance(u);
    expect(await pointsOf(u.id)).toBe(7);
  });
});

describe('a give', () => {
  it('credits every recipient through the ledger, tells them, and spends the allowance', async () => {
    const giver = await make.shopper({ name: 'Ana', lastName: 'Giver' });
    const [a, b] = [await make.shopper(), await make.shopper()];
    const res = await give(giver, { recipients: [a.id, b.id], points: 15 });
    expect(res.statusCode).toBe(201);
    const r = res.json<{ data: Recognition }>().data;
    expect(r).toMatchObject({ points: 15, totalPoints: 30, message: MESSAGE, private: false, commentCount: 0, addons: [], reactions: [] });
    expect(r.giver).toMatchObject({ id: giver.id, name: 'Ana Giver' });
    expect(r.recipients.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(await pointsOf(a.id)).toBe(15);
    expect(await pointsOf(b.id)).toBe(15);
    const ledger = await t.db
      .select()
      .from(s.pointTransactions)
      .where(inArray(s.pointTransactions.userId, [a.id, b.id]));
    expect(ledger.map((l) => [l.kind, l.value, l.descriptionKey, l.descriptionValues, l.refType, l.refId, l.createdBy])).toEqual([
      ['recognition', 15, 'peerRecognition', { giver: 'Ana Giver', recognitionId: r.id }, 'peer_recognition', r.id, giver.id],
      ['recognition', 15, 'peerRecognition', { giver: 'Ana Giver', recognitionId: r.id }, 'peer_recognition', r.id, giver.id],
    ]);
    const notes = await t.db.select().from(s.notifications).where(eq(s.notifications.userId, a.id));
    expect(notes.map((n) => [n.itemType, n.url])).toEqual([['points', `/recognition/${r.id}`]]);
    expect(JSON.parse(notes[0]!.description)).toEqual({
      es: 'Reconocimiento de Ana Giver: +15 puntos',
      en: 'Recognition from Ana Giver: +15 points',
    });
    expect(await allowance(giver)).toMatchObject({ given: 30, remaining: 70 });
    // The recipient's statement lists it, worded in the reader's language.
    const st = await t.app.inject({ method: 'GET', url: '/api/accounts/myMovements', headers: a.headers });
    expect(st.statusCode).toBe(200);
    const [line] = st.json<{ data: MovementLine[] }>().data;
    expect(line).toMatchObject({ kind: 'recognition', value: 15, descriptionKey: 'peerRecognition' });
    expect(describeMovement(line!, 'en')).toBe('Recognition from Ana Giver');
    expect(describeMovement(line!, 'es')).toBe('Reconocimiento de Ana Giver');
  });

  it('refuses, writing nothing: self, inactive or unknown people, a short message, over the allowance, over the share cap', async () => {
    const giver = await make.shopper();
    const colleague = await make.shopper();
    const gone = await make.shopper({ active: false });
    const before = await allowance(giver);
    const cases: [Record<string, unknown>, number, string, unknown][] = [
      [{ recipients: [giver.id], points: 5 }, 422, 'GIVE_TO_SELF', undefined],
      [{ recipients: [colleague.id, gone.id], points: 5 }, 422, 'RECIPIENT_INACTIVE', { userId: gone.id }],
      [{ recipients: [2_000_000_000], points: 5 }, 422, 'RECIPIENT_INACTIVE', { userId: 2_000_000_000 }],
      [{ recipients: [colleague.id], points: 5, message: 'Gracias' }, 422, 'MESSAGE_TOO_SHORT', { min: 20 }],
      [{ recipients: [colleague.id], points: 101 }, 422, 'ALLOWANCE_EXCEEDED', { remaining: 100 }],
      [{ recipients: [colleague.id], points: 51 }, 422, 'GIVE_SHARE_CAP', { recipientId: colleague.id, max: 50 }],
      [{ recipients: [colleague.id, colleague.id], points: 5 }, 400, 'VALIDATION_FAILED', undefined],
      [{ recipients: [], points: 5 }, 400, 'VALIDATION_FAILED', undefined],
      [{ recipients: [colleague.id], points: 0 }, 400, 'VALIDATION_FAILED', undefined],
      [{ recipients: [colleague.id], points: '5' }, 400, 'VALIDATION_FAILED', undefined],
    ];
    for (const [body, status, code, details] of cases) {
      const res = await give(giver, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
      if (details !== undefined) expect(res.json().details).toEqual(details);
      const en = await t.app.inject({
        method: 'POST',
        url: '/api/recognitions',
        headers: { ...giver.headers, 'accept-language': 'en' },
        payload: { message: MESSAGE, ...body },
      });
      expect(en.json().message).not.toBe(res.json().message);
    }
    expect(await recognitionsBy(giver.id)).toBe(0);
    expect(await pointsOf(colleague.id)).toBe(0);
    expect(await allowance(giver)).toEqual(before);
  });

  it('holds the share cap across gives and add-ons of the period', async () => {
    const giver = await make.shopper();
    const [a, b] = [await make.shopper(), await make.shopper()];
    expect((await give(giver, { recipients: [a.id, b.id], points: 30 })).statusCode).toBe(201);
    const res = await give(giver, { recipients: [a.id], points: 21 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'GIVE_SHARE_CAP', details: { recipientId: a.id, max: 50 } });
    expect((await give(giver, { recipients: [a.id], points: 20 })).statusCode).toBe(201);
  });

  it('needs an active value of the giver store when it has values, and only those', async () => {
    const store = await make.store();
    const giver = await make.shopper({ storeId: store.id });
    const colleague = await make.shopper();
    const [value] = await t.db
      .insert(s.companyValues)
      .values({ storeId: store.id, name: 'Colaboración', nameEn: 'Teamwork', emoji: '🤝' })
      .returning();
    const [old] = await t.db.insert(s.companyValues).values({ storeId: store.id, name: 'Antiguo', active: false }).returning();
    const [other] = await t.db
      .insert(s.companyValues)
      .values({ storeId: (await make.store()).id, name: 'Otra oficina' })
      .returning();
    expect((await give(giver, { recipients: [colleague.id], points: 5 })).json().code).toBe('VALUE_REQUIRED');
    for (const id of [old!.id, other!.id, 2_000_000_000]) {
      const res = await give(giver, { recipients: [colleague.id], points: 5, values: [id] });
      expect([res.statusCode, res.json().code]).toEqual([422, 'VALUE_UNKNOWN']);
    }
    expect(await recognitionsBy(giver.id)).toBe(0);
    const ok = await give(giver, { recipients: [colleague.id], points: 5, values: [value!.id] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ data: Recognition }>().data.values).toEqual([
      { id: value!.id, name: 'Colaboración', nameEn: 'Teamwork', emoji: '🤝', color: null },
    ]);
  });

  it("follows the store's minimum message and amount", async () => {
    const store = await make.store();
    await t.db.insert(s.givingSettings).values({ storeId: store.id, amount: 40, minMessage: 0, shareCapPercent: 100, period: 'week' });
    const giver = await make.shopper({ storeId: store.id });
    const colleague = await make.shopper();
    expect(await allowance(giver)).toMatchObject({ amount: 40, remaining: 40, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
    expect((await give(giver, { recipients: [colleague.id], points: 40, message: 'Ok' })).statusCode).toBe(201);
    expect((await give(giver, { recipients: [colleague.id], points: 1, message: 'Ok' })).json()).toMatchObject({
      code: 'ALLOWANCE_EXCEEDED',
      details: { remaining: 0 },
    });
  });

  it('spends the boost only after the period remainder', async () => {
    const admin = await make.admin();
    const giver = await make.shopper();
    const colleagues = [await make.shopper(), await make.shopper(), await make.shopper()];
    const boost = await t.app.inject({
      method: 'POST',
      url: `/api/peer/users/${giver.id}/allowance-boosts`,
      headers: admin.headers,
      payload: { points: 50, note: 'Cierre de año' },
    });
    expect(boost.statusCode).toBe(201);
    expect(boost.json().data).toEqual({ userId: giver.id, boost: 50, boostExpires: '2026-09-30', remaining: 100 });
    expect(await allowance(giver)).toMatchObject({ amount: 100, remaining: 150, boost: 50 });
    expect((await give(giver, { recipients: [colleagues[0]!.id, colleagues[1]!.id], points: 40 })).statusCode).toBe(201);
    expect(await allowance(giver)).toMatchObject({ remaining: 70, boost: 50 });
    expect((await give(giver, { recipients: [colleagues[2]!.id], points: 45 })).statusCode).toBe(201);
    expect(await allowance(giver)).toMatchObject({ given: 125, remaining: 25, boost: 25 });
    const [row] = await t.db.select().from(s.allowances).where(eq(s.allowances.userId, giver.id));
    expect([row!.remaining, row!.boostRemaining]).toEqual([0, 25]);
    const given = await t.db
      .select({ value: s.allowanceMovements.value })
      .from(s.allowanceMovements)
      .where(and(eq(s.allowanceMovements.userId, giver.id), eq(s.allowanceMovements.kind, 'given')));
    expect(given.map((g) => g.value)).toEqual([-80, -20, -25]);
  });

  it("moves a stale allowance to the current period first, also when its store's period changes, and only then", async () => {
    const store = await make.store();
    await t.db.insert(s.givingSettings).values({ storeId: store.id, period: 'month', amount: 100 });
    const giver = await make.shopper({ storeId: store.id });
    const [a, b] = [await make.shopper(), await make.shopper()];
    expect((await give(giver, { recipients: [a.id], points: 10 })).statusCode).toBe(201);
    expect(await allowance(giver)).toMatchObject({ periodStart: '2026-03-01', remaining: 90 });
    // Weekly from now on: the next give starts the week's allowance before it spends from it.
    await t.db.update(s.givingSettings).set({ period: 'week' }).where(eq(s.givingSettings.storeId, store.id));
    expect((await give(giver, { recipients: [b.id], points: 10 })).statusCode).toBe(201);
    const week = await allowance(giver);
    expect(week).toMatchObject({ amount: 100, remaining: 90 });
    expect((Date.parse(week.periodEnd) - Date.parse(week.periodStart)) / 86_400_000).toBe(6);
    expect((await give(giver, { recipients: [a.id], points: 5 })).statusCode).toBe(201);
    const moves = await t.db
      .select()
      .from(s.allowanceMovements)
      .where(eq(s.allowanceMovements.userId, giver.id))
      .orderBy(s.allowanceMovements.id);
    expect(moves.map((m) => [m.kind, m.value, m.periodStart])).toEqual([
      ['granted', 100, '2026-03-01'],
      ['given', -10, '2026-03-01'],
      ['expired', -90, '2026-03-01'],
      ['granted', 100, week.periodStart],
      ['given', -10, week.periodStart],
      ['given', -5, week.periodStart],
    ]);
  });

  it('replays the same key and body, refuses the key with another body', async () => {
    const giver = await make.shopper();
    const colleague = await make.shopper();
    const first = await give(giver, { recipients: [colleague.id], points: 10 }, 'give-key-0001');
    const again = await give(giver, { recipients: [colleague.id], points: 10 }, 'give-key-0001');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const other = await give(giver, { recipients: [colleague.id], points: 11 }, 'give-key-0001');
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await recognitionsBy(giver.id)).toBe(1);
    expect(await pointsOf(colleague.id)).toBe(10);
    // Several requests with one key at once: one recognition, the others replay it (or lost the race: 409).
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => give(giver, { recipients: [colleague.id], points: 3 }, 'give-key-0002')),
    );
    expect(racing.map((r) => r.statusCode).sort()).toSatisfy(
      (codes: number[]) => codes.filter((c) => c === 201).length === 1 && codes.every((c) => [200, 201, 409].includes(c)),
    );
    expect(await recognitionsBy(giver.id)).toBe(2);
  });

  it('is an accrual: refused while the program calendar credits no points', async () => {
    const giver = await make.shopper();
    const colleague = await make.shopper();
    const now = t.clock.now();
    t.clock.set('2026-10-05T12:00:00Z');
    try {
      const res = await give({ ...giver, ...(await make.session(giver.id)) }, { recipients: [colleague.id], points: 5 });
      expect([res.statusCode, res.json().code]).toEqual([422, 'ACCRUAL_CLOSED']);
    } finally {
      t.clock.set(now);
    }
  });

  it('50 gives at once of 30 points from an allowance of 100: exactly 3, 10 left, never below 0', async () => {
    const giver = await make.shopper();
    const colleagues = await Promise.all(Array.from({ length: 50 }, () => make.shopper()));
    await allowance(giver);
    const answers = await Promise.all(colleagues.map((c) => give(giver, { recipients: [c.id], points: 30 })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code)).toEqual(Array(47).fill('ALLOWANCE_EXCEEDED'));
    const [row] = await t.db.select().from(s.allowances).where(eq(s.allowances.userId, giver.id));
    expect(row!.remaining).toBe(10);
    const credited = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.pointTransactions)
      .where(
        and(
          inArray(
            s.pointTransactions.userId,
            colleagues.map((c) => c.id),
          ),
          eq(s.pointTransactions.kind, 'recognition'),
        ),
      );
    expect(credited[0]!.n).toBe(3);
    console.log(
      `50 concurrent gives on ${t.database.kind}: ${statuses.filter((c) => c === 201).length} given, remaining ${row!.remaining}`,
    );
  }, 60_000);
});

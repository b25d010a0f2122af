import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { describeMovement, type MovementLine } from '@rewards/shared/points';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

// Budgets and company-funded awards (docs/architecture.md A6.19): a budget is funded, spent or reserved only
// through its ledger and never goes below zero, whatever the concurrency (20 awards of 300 at once against
// 5,000: exactly 16 go through); an award is refused with nothing written, replays its Idempotency-Key, and
// credits every recipient through the points ledger (on PostgreSQL too when TEST_DATABASE_URL is set).

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: FactoryUser;
let otherAdmin: FactoryUser;
let otherStore: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await make.admin();
  otherStore = (await make.store()).id;
  otherAdmin = await make.admin({ stores: [otherStore] });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const MESSAGE = 'Por el cierre impecable del trimestre, gracias';

const api = (u: FactoryUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(u?.headers ?? { origin: 'http://localhost:3000' }), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function budget(body: Record<string, unknown>, by: FactoryUser = admin) {
  const res = await api(by, 'POST', '/api/budgets', { scope: 'store', storeId: 1, amount: 5000, period: 'month', reload: false, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; available: number; reserved: number } }>().data;
}
const award = (u: FactoryUser, body: Record<string, unknown>, key?: string) =>
  api(u, 'POST', '/api/awards', { points: 100, message: MESSAGE, ...body }, key);
const pointsOf = async (id: number) => (await t.db.select({ p: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.p;
const budgetRow = async (id: number) => (await t.db.select().from(s.budgets).where(eq(s.budgets.id, id)))[0]!;
/** Rules that need no approval below 100,000 points per recipient, so these awards are credited at once. */
async function noApprovals(storeId = 1) {
  const res = await api(storeId === 1 ? admin : otherAdmin, 'PUT', `/api/approvals/stores/${storeId}/rules`, {
    firstThreshold: 100_000,
    secondThreshold: 100_000,
    levels: 1,
    reminderDays: 3,
    escalationDays: 7,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('budgets', () => {
  it('are created by the store’s administrators, funded at once, and read with their movements', async () => {
    const b = await budget({ amount: 5000, period: 'quarter', reload: true });
    expect(b).toMatchObject({ available: 5000, reserved: 0 });
    const read = await api(admin, 'GET', `/api/budgets/${b.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      scope: 'store',
      storeId: 1,
      amount: 5000,
      period: 'quarter',
      periodStart: '2026-01-01',
      periodEnd: '2026-03-31',
      canSpend: true,
      canManage: true,
      movements: { totalCount: 1, data: [{ kind: 'funded', available: 5000, reserved: 0 }] },
    });
    const list = await api(admin, 'GET', '/api/budgets?storeId=1&scope=store');
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(b.id);
    // Another store's administrator neither creates nor reads it; a shopper sees none.
    expect((await api(otherAdmin, 'POST', '/api/budgets', { scope: 'store', storeId: 1, amount: 1, period: 'none' })).statusCode).toBe(403);
    expect((await api(otherAdmin, 'GET', `/api/budgets/${b.id}`)).statusCode).toBe(404);
    const shopper = await make.shopper();
    expect((await api(shopper, 'GET', `/api/budgets/${b.id}`)).statusCode).toBe(404);
    expect((await api(shopper, 'GET', '/api/budgets')).json().totalCount).toBe(0);
  });

  it('names a department or a manager exactly for those scopes', async () => {
    for (const [body, field] of [
      [{ scope: 'department' }, 'body.department'],
      [{ scope: 'manager' }, 'body.managerId'],
      [{ scope: 'store', department: 'Ventas' }, 'body.department'],
      [{ scope: 'store', period: 'none', reload: true }, 'body.reload'],
    ] as const) {
      const res = await api(admin, 'POST', '/api/budgets', { storeId: 1, amount: 10, period: 'month', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const nobody = await api(admin, 'POST', '/api/budgets', {
      scope: 'department',
      department: 'Nadie aquí',
      storeId: 1,
      amount: 10,
      period: 'month',
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('change amount (funded or written off), reload, and close for good', async () => {
    const b = await budget({ amount: 1000 });
    const up = await api(admin, 'PUT', `/api/budgets/${b.id}`, { amount: 1500, reload: true });
    expect(up.json().data).toMatchObject({ amount: 1500, available: 1500, reload: true });
    const down = await api(admin, 'PUT', `/api/budgets/${b.id}`, { amount: 200 });
    expect(down.json().data).toMatchObject({ amount: 200, available: 200 });
    expect((await api(otherAdmin, 'PUT', `/api/budgets/${b.id}`, { amount: 1 })).statusCode).toBe(403);
    expect((await api(admin, 'PUT', `/api/budgets/${b.id}`, {})).json().code).toBe('NOTHING_TO_CHANGE');
    const closed = await api(admin, 'PUT', `/api/budgets/${b.id}`, { closed: true });
    expect(closed.json().data).toMatchObject({ available: 0 });
    expect(closed.json().data.closedAt).not.toBeNull();
    expect((await api(admin, 'PUT', `/api/budgets/${b.id}`, { amount: 10 })).json().code).toBe('BUDGET_CLOSED');
    const moves = await t.db.select().from(s.budgetMovements).where(eq(s.budgetMovements.budgetId, b.id)).orderBy(s.budgetMovements.id);
    expect(moves.map((m) => [m.kind, m.available])).toEqual([
      ['funded', 1000],
      ['funded', 500],
      ['expired', -1300],
      ['expired', -200],
    ]);
  });

  it('a lower amount than what is available to write off is BUDGET_EXCEEDED', async () => {
    await noApprovals();
    const b = await budget({ amount: 1000 });
    const r = await make.shopper();
    expect((await award(admin, { budgetId: b.id, recipients: [r.id], points: 900 })).statusCode).toBe(201);
    const res = await api(admin, 'PUT', `/api/budgets/${b.id}`, { amount: 500 });
    expect([res.statusCode, res.json().code, res.json().details]).toEqual([409, 'BUDGET_EXCEEDED', { available: 100 }]);
  });
});

describe('awards', () => {
  beforeAll(() => noApprovals());

  it('credit every recipient through the points ledger, with the budget spent', async () => {
    const b = await budget({ amount: 1000 });
    const [a, c] = [await make.shopper(), await make.shopper()];
    const res = await award(admin, { budgetId: b.id, recipients: [c.id, a.id], points: 150 }, 'award-credit-1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'credited', points: 150, total: 300, levels: 0, heldBy: [], steps: [] });
    expect(await pointsOf(a.id)).toBe(150);
    expect(await pointsOf(c.id)).toBe(150);
    expect(await budgetRow(b.id)).toMatchObject({ available: 700, reserved: 0 });
    const [line] = await t.db.select().from(s.pointTransactions).where(eq(s.pointTransactions.userId, a.id));
    expect(line).toMatchObject({ kind: 'award', refType: 'award', refId: res.json().data.id, descriptionKey: 'award' });
    const described = { ...line!, createdAt: line!.createdAt.toISOString() } as unknown as MovementLine;
    expect(describeMovement(described, 'en')).toMatch(/^Award from /);
    expect(describeMovement(described, 'es')).toMatch(/^Premio de /);
    const [note] = await t.db.select().from(s.notifications).where(eq(s.notifications.userId, a.id));
    expect(note).toMatchObject({ itemType: 'points', url: `/awards/${res.json().data.id}` });
    // The answer (built from what was checked and written) is the award as it is read back.
    expect(res.json().data).toEqual((await api(admin, 'GET', `/api/awards/${res.json().data.id}`)).json().data);
    // The same key and body replay it (200), writing nothing; another body with it is refused.
    const again = await award(admin, { budgetId: b.id, recipients: [a.id, c.id], points: 150 }, 'award-credit-1');
    expect([again.statusCode, again.json().data.id]).toEqual([200, res.json().data.id]);
    expect(again.json().data).toEqual(res.json().data);
    expect(await pointsOf(a.id)).toBe(150);
    const reused = await award(admin, { budgetId: b.id, recipients: [a.id], points: 150 }, 'award-credit-1');
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // The giver lists it; a recipient reads it and lists it as received.
    expect((await api(admin, 'GET', '/api/awards')).json().data.map((x: { id: number }) => x.id)).toContain(res.json().data.id);
    expect((await api(a, 'GET', `/api/awards/${res.json().data.id}`)).statusCode).toBe(200);
    expect((await api(a, 'GET', '/api/awards?role=received')).json().totalCount).toBe(1);
    expect((await api(await make.shopper(), 'GET', `/api/awards/${res.json().data.id}`)).statusCode).toBe(404);
  });

  it('refuse, writing nothing: over budget, not the caller’s budget, outside its scope, inactive, oneself, short message', async () => {
    const b = await budget({ amount: 500 });
    const r = await make.shopper();
    const inactive = await make.shopper({ active: false });
    const elsewhere = await make.shopper({ storeId: otherStore });
    const shopper = await make.shopper();
    const cases: [FactoryUser, Record<string, unknown>, number, string, unknown?][] = [
      [admin, { recipients: [r.id], points: 501 }, 409, 'BUDGET_EXCEEDED', { available: 500 }],
      [admin, { recipients: [r.id, shopper.id], points: 251 }, 409, 'BUDGET_EXCEEDED', { available: 500 }],
      [shopper, { recipients: [r.id] }, 403, 'FORBIDDEN'],
      [otherAdmin, { recipients: [r.id] }, 403, 'FORBIDDEN'],
      [admin, { recipients: [admin.id] }, 422, 'GIVE_TO_SELF'],
      [admin, { recipients: [inactive.id] }, 422, 'RECIPIENT_INACTIVE', { userId: inactive.id }],
      [admin, { recipients: [elsewhere.id] }, 422, 'RECIPIENT_OUT_OF_SCOPE', { userId: elsewhere.id }],
      [admin, { recipients: [r.id], message: 'Gracias' }, 422, 'MESSAGE_TOO_SHORT', { min: 20 }],
      [admin, { recipients: [r.id], budgetId: 999_999 }, 404, 'NOT_FOUND'],
    ];
    for (const [who, body, status, code, details] of cases) {
      const res = await award(who, { budgetId: b.id, ...body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
      if (details) expect(res.json().details).toEqual(details);
    }
    expect(await budgetRow(b.id)).toMatchObject({ available: 500, reserved: 0 });
    expect(await t.db.select().from(s.awards).where(eq(s.awards.budgetId, b.id))).toEqual([]);
    // Outside the accrual window (A6.2) nothing is credited (a session of that day: a jump of the clock ends the idle ones).
    const saved = t.clock.now();
    t.clock.set('2026-10-05T12:00:00Z');
    const closed = await award(await make.admin(), { budgetId: b.id, recipients: [r.id] });
    t.clock.set(saved);
    expect([closed.statusCode, closed.json().code]).toEqual([422, 'ACCRUAL_CLOSED']);
  });

  it('department and manager budgets: who spends them and for whom', async () => {
    const boss = await make.shopper();
    const lead = await make.shopper();
    const member = await make.shopper();
    const outsider = await make.shopper();
    await t.db
      .update(s.users)
      .set({ department: 'Logística' })
      .where(sql`${s.users.id} in (${boss.id}, ${lead.id}, ${member.id})`);
    await t.db.update(s.users).set({ managerId: boss.id }).where(eq(s.users.id, lead.id));
    await t.db.update(s.users).set({ managerId: lead.id }).where(eq(s.users.id, member.id));
    const dept = await budget({ scope: 'department', department: 'Logística', amount: 1000 });
    const mine = await budget({ scope: 'manager', managerId: boss.id, amount: 1000 });
    // The department's managers (people of it with a direct report) and the store's administrators spend it.
    expect((await award(lead, { budgetId: dept.id, recipients: [member.id] })).statusCode).toBe(201);
    expect((await award(admin, { budgetId: dept.id, recipients: [member.id] })).statusCode).toBe(201);
    expect((await award(member, { budgetId: dept.id, recipients: [lead.id] })).statusCode).toBe(403);
    expect((await award(lead, { budgetId: dept.id, recipients: [outsider.id] })).json().code).toBe('RECIPIENT_OUT_OF_SCOPE');
    // A manager's budget: only that manager, for anyone in their reporting line (any depth).
    expect((await award(boss, { budgetId: mine.id, recipients: [member.id, lead.id] })).statusCode).toBe(201);
    expect((await award(boss, { budgetId: mine.id, recipients: [outsider.id] })).json().code).toBe('RECIPIENT_OUT_OF_SCOPE');
    expect((await award(admin, { budgetId: mine.id, recipients: [member.id] })).statusCode).toBe(403);
    const spendable = await api(lead, 'GET', '/api/budgets?spendable=true');
    expect(spendable.json().data.map((x: { id: number }) => x.id)).toEqual([dept.id]);
    expect(await pointsOf(member.id)).toBe(300);
  });

  it('20 at once of 300 against 5,000: exactly 16 go through, 4 are BUDGET_EXCEEDED', async () => {
    const b = await budget({ amount: 5000 });
    const people = await Promise.all(Array.from({ length: 20 }, () => make.shopper()));
    const results = await Promise.all(
      people.map((p, i) => award(admin, { budgetId: b.id, recipients: [p.id], points: 300 }, `award-race-${i}-${b.id}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(16);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(4).fill('BUDGET_EXCEEDED'));
    expect(await budgetRow(b.id)).toMatchObject({ available: 200, reserved: 0 });
  });

  it('reload at a new period: the unspent amount written off and the amount funded again, once', async () => {
    const b = await budget({ amount: 800, period: 'month', reload: true });
    const keep = await budget({ amount: 800, period: 'month', reload: false });
    const r = await make.shopper();
    await award(admin, { budgetId: b.id, recipients: [r.id], points: 300 });
    const saved = t.clock.now();
    t.clock.set('2026-04-01T12:00:00Z');
    try {
      // Several instances at once: each budget moves once.
      const { reloadBudgets } = await import('./budgets.service.ts');
      const moved = await Promise.all([1, 2, 3].map(() => reloadBudgets(t.db, { now: t.clock.now(), calendar: t.config.calendar })));
      expect(moved.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(2);
      const moves = await t.db.select().from(s.budgetMovements).where(eq(s.budgetMovements.budgetId, b.id)).orderBy(s.budgetMovements.id);
      expect(moves.map((m) => [m.kind, m.available, m.periodStart])).toEqual([
        ['funded', 800, '2026-03-01'],
        ['spent', -300, '2026-03-01'],
        ['expired', -500, '2026-03-01'],
        ['reloaded', 800, '2026-04-01'],
      ]);
      expect(await budgetRow(keep.id)).toMatchObject({ available: 800, periodStart: '2026-04-01' });
      // An award from a budget whose period went stale reloads it first.
      t.clock.set('2026-05-03T12:00:00Z');
      expect((await award(await make.admin(), { budgetId: b.id, recipients: [r.id], points: 100 })).statusCode).toBe(201);
      expect(await budgetRow(b.id)).toMatchObject({ available: 700, periodStart: '2026-05-01' });
      const reloads = await t.db
        .select()
        .from(s.budgetMovements)
        .where(and(eq(s.budgetMovements.budgetId, b.id), eq(s.budgetMovements.kind, 'reloaded')));
      expect(reloads).toHaveLength(2);
    } finally {
      t.clock.set(saved);
    }
  });
});

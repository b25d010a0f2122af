import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { runApprovalReminders } from './approvals.service.ts';
import { approvalMailLinks, signLink } from './links.service.ts';
import { renderOutboxRows } from '../mail/mail.service.ts';

// Approvals of company-funded awards (docs/architecture.md A6.19): an award at or above the store's
// thresholds waits, its points reserved, for the recipients' managers level by level (never the giver nor a
// recipient; the store's administrators when no manager is left); nothing is credited before the last
// approval; a denial or a withdrawal releases the reservation; two approvers at once cannot both decide one
// step; the job reminds after reminderDays and escalates after escalationDays or when the approver is
// deactivated (on PostgreSQL too when TEST_DATABASE_URL is set).

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: FactoryUser;
let store: number;
const START = '2026-03-02T15:00:00Z';
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  // A store of its own, so its administrators and rules are this file's only.
  store = (await make.store()).id;
  admin = await make.admin({ stores: [store] });
  const rules = await api(admin, 'PUT', `/api/approvals/stores/${store}/rules`, {
    firstThreshold: 500,
    secondThreshold: 2000,
    levels: 2,
    reminderDays: 3,
    escalationDays: 7,
  });
  expect(rules.statusCode, rules.body).toBe(200);
});
afterEach(async () => {
  t.clock.set(START);
  await assertInvariants(t.db);
});
afterAll(() => t?.close());

const MESSAGE = 'Por el lanzamiento de la nueva tienda, gracias';

function api(u: FactoryUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) {
  return t.app.inject({
    method,
    url,
    headers: { ...u.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
async function budget(amount = 100_000) {
  const res = await api(admin, 'POST', '/api/budgets', { scope: 'store', storeId: store, amount, period: 'none' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}
const person = (p: { managerId?: number; active?: boolean } = {}) => make.shopper({ storeId: store, ...p });
async function withManager(id: number, managerId: number) {
  await t.db.update(s.users).set({ managerId }).where(eq(s.users.id, id));
}
const award = (u: FactoryUser, body: Record<string, unknown>, key?: string) =>
  api(u, 'POST', '/api/awards', { message: MESSAGE, ...body }, key);
const pointsOf = async (id: number) => (await t.db.select({ p: s.users.points }).from(s.users).where(eq(s.users.id, id)))[0]!.p;
const budgetRow = async (id: number) => (await t.db.select().from(s.budgets).where(eq(s.budgets.id, id)))[0]!;
const notesOf = async (id: number) =>
  t.db.select().from(s.notifications).where(eq(s.notifications.userId, id)).orderBy(desc(s.notifications.id));
const pending = async (u: FactoryUser) =>
  (await api(u, 'GET', '/api/approvals')).json<{
    data: { stepId: number; level: number; asAdministrator: boolean; award: { id: number } }[];
  }>().data;
type Step = { id: number; level: number; status: string; approver: { id: number } | null; escalatedFrom: number | null };
const stepsOf = async (u: FactoryUser, awardId: number) =>
  (await api(u, 'GET', `/api/awards/${awardId}`)).json<{
    data: { status: string; steps: Step[]; heldBy: { approver: { id: number } | null }[] };
  }>().data;

describe('approvals', () => {
  it('rules are the store’s, read and saved by its administrators (the defaults until saved)', async () => {
    const read = await api(admin, 'GET', `/api/approvals/stores/${store}/rules`);
    expect(read.json().data).toMatchObject({ storeId: store, firstThreshold: 500, secondThreshold: 2000, levels: 2, reminderDays: 3 });
    expect((await api(admin, 'GET', '/api/approvals/stores/1/rules')).statusCode).toBe(403);
    const fresh = await make.store();
    expect((await api(await make.superAdmin(), 'GET', `/api/approvals/stores/${fresh.id}/rules`)).json().data).toMatchObject({
      firstThreshold: 500,
      updatedAt: null,
    });
    expect((await api(await make.superAdmin(), 'GET', '/api/approvals/stores/999999/rules')).statusCode).toBe(404);
    const bad = await api(admin, 'PUT', `/api/approvals/stores/${store}/rules`, {
      firstThreshold: 900,
      secondThreshold: 800,
      levels: 5,
      reminderDays: 7,
      escalationDays: 7,
    });
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.escalationDays', 'body.levels', 'body.secondThreshold']);
  });

  it('below the first threshold the award is credited at once; at it, the recipient’s manager approves first', async () => {
    const b = await budget(10_000);
    const boss = await person();
    const r = await person();
    await withManager(r.id, boss.id);
    expect((await award(admin, { budgetId: b, recipients: [r.id], points: 499 })).statusCode).toBe(201);
    const res = await award(admin, { budgetId: b, recipients: [r.id], points: 500 }, 'approval-first-1');
    expect(res.statusCode, res.body).toBe(202);
    const waiting = res.json().data;
    expect(waiting).toMatchObject({ status: 'waiting', levels: 1, currentLevel: 1, heldBy: [{ approver: { id: boss.id } }] });
    expect(await budgetRow(b)).toMatchObject({ available: 10_000 - 499 - 500, reserved: 500 });
    expect(await pointsOf(r.id)).toBe(499);
    // The manager is told (and e-mailed: the outbox copy follows the notification), and it waits for them.
    const [note] = await notesOf(boss.id);
    expect(note).toMatchObject({ itemType: 'points', url: `/approvals/${waiting.steps[0].id}` });
    expect(JSON.parse(note!.description!)).toMatchObject({ en: expect.stringMatching(/^Award to approve: /) });
    expect(await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.notificationId, note!.id))).toHaveLength(1);
    expect((await pending(boss)).map((p) => p.award.id)).toEqual([waiting.id]);
    // The replay of a waiting award answers 200 with it.
    const again = await award(admin, { budgetId: b, recipients: [r.id], points: 500 }, 'approval-first-1');
    expect([again.statusCode, again.json().data.id]).toEqual([200, waiting.id]);
    // Nobody else decides it; the manager approves, and the reservation is spent and credited.
    const stepId = waiting.steps[0].id;
    expect((await api(r, 'POST', `/api/approvals/${stepId}/approve`)).statusCode).toBe(404);
    expect((await api(admin, 'POST', `/api/approvals/${stepId}/approve`)).statusCode).toBe(404);
    const ok = await api(boss, 'POST', `/api/approvals/${stepId}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'credited', heldBy: [], steps: [{ status: 'approved', decidedBy: { id: boss.id } }] });
    expect(await pointsOf(r.id)).toBe(999);
    expect(await budgetRow(b)).toMatchObject({ available: 10_000 - 999, reserved: 0 });
    const [told] = await notesOf(admin.id);
    expect(JSON.parse(told!.description!).en).toMatch(/was approved/);
    const twice = await api(boss, 'POST', `/api/approvals/${stepId}/approve`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'APPROVAL_DECIDED']);
    expect(await pending(boss)).toEqual([]);
  });

  it('at the second threshold, level by level up the chain, skipping the giver and the recipients', async () => {
    const b = await budget();
    const top = await person();
    const mid = await person();
    const giver = await person();
    const r = await person();
    const r2 = await person();
    await withManager(mid.id, top.id);
    await withManager(giver.id, mid.id);
    // r's chain: giver (skipped), mid, top; r2's chain: r (a recipient, skipped), giver (skipped), mid, top.
    await withManager(r.id, giver.id);
    await withManager(r2.id, r.id);
    const dept = await api(admin, 'POST', '/api/budgets', {
      scope: 'manager',
      managerId: giver.id,
      storeId: store,
      amount: 10_000,
      period: 'none',
    });
    const res = await award(giver, { budgetId: dept.json().data.id, recipients: [r.id, r2.id], points: 2000 });
    expect(res.statusCode, res.body).toBe(202);
    const a = res.json().data;
    expect(a.steps.map((x: Step) => [x.level, x.status, x.approver?.id])).toEqual([
      [1, 'waiting', mid.id],
      [2, 'queued', top.id],
    ]);
    expect(await pending(top)).toEqual([]);
    await api(mid, 'POST', `/api/approvals/${a.steps[0].id}/approve`);
    expect(await pointsOf(r.id)).toBe(0);
    expect((await pending(top)).map((p) => [p.award.id, p.level])).toEqual([[a.id, 2]]);
    const last = await api(top, 'POST', `/api/approvals/${a.steps[1].id}/approve`);
    expect(last.json().data.status).toBe('credited');
    expect([await pointsOf(r.id), await pointsOf(r2.id)]).toEqual([2000, 2000]);
    void b;
  });

  it('with no manager left, the store’s administrators other than the giver decide', async () => {
    const b = await budget();
    const other = await make.admin({ stores: [store] });
    const r = await person();
    const res = await award(admin, { budgetId: b, recipients: [r.id], points: 700 });
    const a = res.json().data;
    expect(a.heldBy).toEqual([expect.objectContaining({ approver: null, storeId: store })]);
    expect(await pending(admin)).toEqual([]);
    expect((await pending(other)).map((p) => [p.award.id, p.asAdministrator])).toEqual([[a.id, true]]);
    expect((await notesOf(other.id))[0]).toMatchObject({ url: `/approvals/${a.steps[0].id}` });
    expect((await api(admin, 'POST', `/api/approvals/${a.steps[0].id}/approve`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/approvals/${a.steps[0].id}/approve`)).json().data.status).toBe('credited');
  });

  it('a denial (with its reason) or a withdrawal releases the reservation and credits nothing', async () => {
    const b = await budget(5000);
    const boss = await person();
    const r = await person();
    await withManager(r.id, boss.id);
    const first = (await award(admin, { budgetId: b, recipients: [r.id], points: 1000 })).json().data;
    const second = (await award(admin, { budgetId: b, recipients: [r.id], points: 1000 })).json().data;
    expect(await budgetRow(b)).toMatchObject({ available: 3000, reserved: 2000 });
    const short = await api(boss, 'POST', `/api/approvals/${first.steps[0].id}/deny`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    const denied = await api(boss, 'POST', `/api/approvals/${first.steps[0].id}/deny`, { reason: 'Ya se reconoció este mes' });
    expect(denied.json().data).toMatchObject({ status: 'denied', denyReason: 'Ya se reconoció este mes', steps: [{ status: 'denied' }] });
    const [told] = await notesOf(admin.id);
    expect(JSON.parse(told!.description!)).toMatchObject({ es: expect.stringContaining('Ya se reconoció este mes') });
    expect((await api(r, 'POST', `/api/awards/${second.id}/withdraw`)).statusCode).toBe(404);
    const withdrawn = await api(admin, 'POST', `/api/awards/${second.id}/withdraw`);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', steps: [{ status: 'closed' }] });
    expect((await api(admin, 'POST', `/api/awards/${second.id}/withdraw`)).json().code).toBe('AWARD_NOT_WAITING');
    expect((await api(boss, 'POST', `/api/approvals/${second.steps[0].id}/approve`)).json().code).toBe('APPROVAL_DECIDED');
    expect(await budgetRow(b)).toMatchObject({ available: 5000, reserved: 0 });
    expect(await pointsOf(r.id)).toBe(0);
    const kinds = await t.db.select().from(s.budgetMovements).where(eq(s.budgetMovements.budgetId, b)).orderBy(s.budgetMovements.id);
    expect(kinds.map((m) => [m.kind, m.available, m.reserved])).toEqual([
      ['funded', 5000, 0],
      ['reserved', -1000, 1000],
      ['reserved', -1000, 1000],
      ['released', 1000, -1000],
      ['released', 1000, -1000],
    ]);
  });

  it('two approvers at once cannot both decide one step', async () => {
    const b = await budget();
    const admins = await Promise.all([1, 2, 3].map(() => make.admin({ stores: [store] })));
    const r = await person();
    for (let round = 0; round < 3; round++) {
      const a = (await award(admin, { budgetId: b, recipients: [r.id], points: 600 })).json().data;
      const results = await Promise.all(
        admins.map((x, i) =>
          i % 2 === 0
            ? api(x, 'POST', `/api/approvals/${a.steps[0].id}/approve`)
            : api(x, 'POST', `/api/approvals/${a.steps[0].id}/deny`, { reason: 'Otra decisión a la vez' }),
        ),
      );
      expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    }
  });

  it('20 at once of 300 (each waiting) against 5,000: exactly 16 reserved, 4 BUDGET_EXCEEDED', async () => {
    await api(admin, 'PUT', `/api/approvals/stores/${store}/rules`, {
      firstThreshold: 100,
      secondThreshold: 2000,
      levels: 1,
      reminderDays: 3,
      escalationDays: 7,
    });
    try {
      const b = await budget(5000);
      const people = await Promise.all(Array.from({ length: 20 }, () => person()));
      const results = await Promise.all(
        people.map((p, i) => award(admin, { budgetId: b, recipients: [p.id], points: 300 }, `race-${b}-${i}`)),
      );
      expect(results.filter((x) => x.statusCode === 202)).toHaveLength(16);
      expect(results.filter((x) => x.statusCode === 409).map((x) => x.json().code)).toEqual(Array(4).fill('BUDGET_EXCEEDED'));
      expect(await budgetRow(b)).toMatchObject({ available: 200, reserved: 4800 });
    } finally {
      await api(admin, 'PUT', `/api/approvals/stores/${store}/rules`, {
        firstThreshold: 500,
        secondThreshold: 2000,
        levels: 2,
        reminderDays: 3,
        escalationDays: 7,
      });
    }
  });
});

describe('the reminders and escalation job', () => {
  it('reminds once after 3 days, escalates after 7 to the next manager up, keeping who held it', async () => {
    const b = await budget();
    const top = await person();
    const boss = await person();
    const r = await person();
    await withManager(boss.id, top.id);
    await withManager(r.id, boss.id);
    const a = (await award(admin, { budgetId: b, recipients: [r.id], points: 600 })).json().data;
    const at = (days: number) => new Date(new Date(START).getTime() + days * 86_400_000);
    await runApprovalReminders(t.db, at(2.9));
    expect(
      await t.db
        .select()
        .from(s.approvalSteps)
        .where(and(eq(s.approvalSteps.awardId, a.id))),
    ).toMatchObject([{ remindedAt: null }]);
    const before = (await notesOf(boss.id)).length;
    // (The awards still waiting from the tests before are reminded too.)
    expect((await runApprovalReminders(t.db, at(3))).reminded).toBeGreaterThanOrEqual(1);
    expect(await runApprovalReminders(t.db, at(4))).toMatchObject({ reminded: 0 });
    const reminders = await notesOf(boss.id);
    expect(reminders).toHaveLength(before + 1);
    expect(JSON.parse(reminders[0]!.description!).en).toMatch(/^Reminder: /);
    // Several instances at the boundary: one escalation.
    const runs = await Promise.all([1, 2, 3].map(() => runApprovalReminders(t.db, at(7))));
    expect(runs.reduce((n, x) => n + x.escalated, 0)).toBe(1);
    t.clock.set(at(7));
    const fresh = await make.admin({ stores: [store] });
    const read = await stepsOf(fresh, a.id);
    expect(read.steps.map((x) => [x.status, x.approver?.id, x.escalatedFrom])).toEqual([
      ['escalated', boss.id, null],
      ['waiting', top.id, read.steps[0]!.id],
    ]);
    expect(read.heldBy.map((h) => h.approver?.id)).toEqual([top.id]);
    // The old holder can no longer decide it; the new one can.
    const bossAgain = await make.session(boss.id);
    const late = await api({ ...boss, ...bossAgain }, 'POST', `/api/approvals/${read.steps[0]!.id}/approve`);
    expect([late.statusCode, late.json().code]).toEqual([409, 'APPROVAL_DECIDED']);
    const topNow = await make.session(top.id);
    expect((await api({ ...top, ...topNow }, 'POST', `/api/approvals/${read.steps[1]!.id}/approve`)).json().data.status).toBe('credited');
  });

  it('escalates at once when the approver is deactivated; with nobody above, to the store’s administrators', async () => {
    const b = await budget();
    const boss = await person();
    const r = await person();
    await withManager(r.id, boss.id);
    const a = (await award(admin, { budgetId: b, recipients: [r.id], points: 600 })).json().data;
    await t.db.execute(sql`update users set active = 0 where id = ${boss.id}`);
    expect(await runApprovalReminders(t.db, new Date(START))).toMatchObject({ escalated: 1 });
    const steps = await t.db
      .select()
      .from(s.approvalSteps)
      .where(and(eq(s.approvalSteps.awardId, a.id)))
      .orderBy(s.approvalSteps.id);
    expect(steps.map((x) => [x.status, x.approverId])).toEqual([
      ['escalated', boss.id],
      ['waiting', null],
    ]);
  });
});

describe('signed one-use approval links', () => {
  const secret = () => t.config.session.secret;
  const tokenOf = (url: string) => url.split('/approvals/link/')[1]!;
  const anonymous = (method: 'GET' | 'POST', token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/approval-links/${token}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('the approval e-mail carries approve and deny links that decide the step once, without a session', async () => {
    const b = await budget();
    const boss = await person();
    const r = await person();
    await withManager(r.id, boss.id);
    const a = (await award(admin, { budgetId: b, recipients: [r.id], points: 800 })).json().data;
    const [note] = await notesOf(boss.id);
    const outbox = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.notificationId, note!.id));
    const links = (p: { stepId: number; userId: number }) =>
      approvalMailLinks({ secret: secret(), publicUrl: 'http://localhost:3000', now: t.clock.now() }, p);
    const mail = (await renderOutboxRows(t.db, outbox, 'http://localhost:3000', 'email', { approvalLinks: links })).get(outbox[0]!.id)!;
    const urls = mail.text.match(/http:\/\/localhost:3000\/approvals\/link\/\S+/g)!;
    expect(urls).toHaveLength(2);
    const [approve, deny] = urls.map(tokenOf) as [string, string];
    // The page asks to confirm first: GET describes and changes nothing.
    const described = await anonymous('GET', approve);
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().data).toMatchObject({
      action: 'approve',
      stepId: a.steps[0].id,
      approver: { id: boss.id },
      usable: true,
      refusal: null,
    });
    // An altered token is not ours.
    expect((await anonymous('GET', `${approve.slice(0, -2)}xx`)).statusCode).toBe(404);
    expect((await anonymous('POST', deny, {})).statusCode).toBe(400);
    const done = await anonymous('POST', approve, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ usable: false, refusal: 'decided', award: { status: 'credited' } });
    expect(await pointsOf(r.id)).toBe(800);
    // Used once: neither link works again.
    expect((await anonymous('POST', approve, {})).json().code).toBe('APPROVAL_DECIDED');
    expect((await anonymous('POST', deny, { reason: 'Demasiado tarde' })).json().code).toBe('APPROVAL_DECIDED');
  });

  it('is refused after an escalation and after its expiry; a deny link takes the reason', async () => {
    const b = await budget();
    const top = await person();
    const boss = await person();
    const r = await person();
    await withManager(boss.id, top.id);
    await withManager(r.id, boss.id);
    const first = (await award(admin, { budgetId: b, recipients: [r.id], points: 800 })).json().data;
    const stale = signLink(secret(), {
      stepId: first.steps[0].id,
      approverId: boss.id,
      action: 'approve',
      expiresAt: new Date(Date.parse(START) + 30 * 86_400_000),
    });
    const expired = signLink(secret(), {
      stepId: first.steps[0].id,
      approverId: boss.id,
      action: 'approve',
      expiresAt: new Date(Date.parse(START) - 1),
    });
    expect((await anonymous('POST', expired, {})).json().code).toBe('APPROVAL_LINK_EXPIRED');
    // Someone else's step with this approver's name is no link of theirs.
    const notTheirs = signLink(secret(), {
      stepId: first.steps[0].id,
      approverId: top.id,
      action: 'approve',
      expiresAt: new Date(Date.parse(START) + 86_400_000),
    });
    expect((await anonymous('GET', notTheirs)).json().data).toMatchObject({ usable: false });
    await runApprovalReminders(t.db, new Date(Date.parse(START) + 7 * 86_400_000));
    t.clock.set(new Date(Date.parse(START) + 7 * 86_400_000));
    expect((await anonymous('GET', stale)).json().data).toMatchObject({ usable: false, refusal: 'escalated' });
    expect((await anonymous('POST', stale, {})).json().code).toBe('APPROVAL_DECIDED');
    const [escalatedTo] = await t.db
      .select()
      .from(s.approvalSteps)
      .where(and(eq(s.approvalSteps.awardId, first.id), eq(s.approvalSteps.status, 'waiting')));
    const deny = signLink(secret(), {
      stepId: escalatedTo!.id,
      approverId: top.id,
      action: 'deny',
      expiresAt: new Date(Date.parse(START) + 30 * 86_400_000),
    });
    const denied = await anonymous('POST', deny, { reason: 'Fuera de presupuesto este trimestre' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json().data.award).toMatchObject({ status: 'denied' });
  });
});

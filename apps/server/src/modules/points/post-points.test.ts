import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { postPoints } from './points.service.ts';

// The ledger's one writer (docs/architecture.md A6.3): several balances, their ledger rows and their
// notifications (with the outbox copy) in one statement, or nothing at all.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

const balances = async (ids: number[]) =>
  Object.fromEntries(
    (await t.db.select({ id: s.users.id, points: s.users.points }).from(s.users).where(inArray(s.users.id, ids))).map((r) => [
      r.id,
      r.points,
    ]),
  );
const ledgerOf = (ids: number[]) => t.db.select().from(s.pointTransactions).where(inArray(s.pointTransactions.userId, ids));
const notificationsOf = (ids: number[]) => t.db.select().from(s.notifications).where(inArray(s.notifications.userId, ids));

describe('postPoints', () => {
  it('credits several people at once: balances, ledger rows, notifications and their e-mail copies', async () => {
    const people = await Promise.all([make.shopper(), make.shopper(), make.shopper({ points: 10 })]);
    const ids = people.map((p) => p.id);
    const admin = await make.admin();
    const posted = await postPoints(t.db, {
      entries: ids.map((userId) => ({ userId, value: 25 })),
      kind: 'challenge',
      description: 'Reto de invierno',
      descriptionKey: 'challenge',
      descriptionValues: { title: { es: 'Reto de invierno', en: 'Winter challenge' } },
      refType: 'challenge',
      refId: 77,
      createdBy: admin.id,
      now: t.clock.now(),
      notify: { itemType: 'challenge', description: 'Reto de invierno (+25)', url: '/account' },
    });
    expect(posted.map((p) => [p.userId, p.balance])).toEqual([
      [ids[0], 25],
      [ids[1], 25],
      [ids[2], 35],
    ]);
    expect(await balances(ids)).toEqual({ [ids[0]!]: 25, [ids[1]!]: 25, [ids[2]!]: 35 });
    const ledger = (await ledgerOf(ids)).filter((r) => r.kind === 'challenge');
    expect(
      ledger.map((r) => ({ user: r.userId, value: r.value, ref: [r.refType, r.refId], by: r.createdBy, text: r.description })),
    ).toEqual(ids.map((user) => ({ user, value: 25, ref: ['challenge', 77], by: admin.id, text: 'Reto de invierno' })));
    expect(new Set(posted.map((p) => p.transactionId))).toEqual(new Set(ledger.map((r) => r.id)));
    const notes = await notificationsOf(ids);
    expect(notes.map((n) => [n.userId, n.itemType, n.description, n.url])).toEqual(
      ids.map((id) => [id, 'challenge', 'Reto de invierno (+25)', '/account']),
    );
    // The copy by each receiver's preferred channel comes with the notification (e-mail by default).
    const outbox = await t.db
      .select({ notificationId: s.emailOutbox.notificationId })
      .from(s.emailOutbox)
      .where(inArray(s.emailOutbox.userId, ids));
    expect(outbox.map((o) => o.notificationId).sort()).toEqual(notes.map((n) => n.id).sort());
  });

  it('takes a different value from each person, and answers in the order given', async () => {
    const [a, b] = await Promise.all([make.shopper({ points: 100 }), make.shopper({ points: 100 })]);
    const posted = await postPoints(t.db, {
      entries: [
        { userId: b.id, value: -40 },
        { userId: a.id, value: 15 },
      ],
      kind: 'adjustment',
      description: 'Corrección',
      descriptionKey: 'adjustment',
      descriptionValues: { reason: 'Corrección' },
      now: t.clock.now(),
    });
    expect(posted.map((p) => [p.userId, p.balance])).toEqual([
      [b.id, 60],
      [a.id, 115],
    ]);
    expect(await notificationsOf([a.id, b.id])).toEqual([]);
  });

  it('writes nothing for anyone when one of them cannot take it', async () => {
    const [rich, poor, other] = await Promise.all([
      make.shopper({ points: 500 }),
      make.shopper({ points: 5 }),
      make.shopper({ points: 500 }),
    ]);
    const ids = [rich.id, poor.id, other.id];
    const before = { balances: await balances(ids), ledger: (await ledgerOf(ids)).length };
    await expect(
      postPoints(t.db, {
        entries: ids.map((userId) => ({ userId, value: -20 })),
        kind: 'adjustment',
        description: 'Demasiado',
        descriptionKey: 'adjustment',
        descriptionValues: { reason: 'Demasiado' },
        now: t.clock.now(),
        notify: { itemType: 'points', url: '/account' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_POINTS', statusCode: 422, details: { total: 20, balance: 5, userId: poor.id } });
    expect(await balances(ids)).toEqual(before.balances);
    expect((await ledgerOf(ids)).length).toBe(before.ledger);
    expect(await notificationsOf(ids)).toEqual([]);
  });

  it('refuses a credit past int32, an amount beyond it and an unknown person, with the same codes as before', async () => {
    const full = await make.shopper({ points: 2_147_483_000 });
    const one = (userId: number, value: number) =>
      postPoints(t.db, {
        entries: [{ userId, value }],
        kind: 'load',
        description: 'x',
        descriptionKey: 'adjustment',
        descriptionValues: { reason: 'x' },
        now: t.clock.now(),
      });
    await expect(one(full.id, 1_000)).rejects.toMatchObject({
      code: 'AMOUNT_TOO_LARGE',
      details: { value: 1_000, balance: 2_147_483_000 },
    });
    await expect(one(full.id, 3_000_000_000)).rejects.toMatchObject({ code: 'AMOUNT_TOO_LARGE' });
    await expect(one(full.id, -3_000_000_000)).rejects.toMatchObject({ code: 'NOT_ENOUGH_POINTS' });
    await expect(one(999_999, 5)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [row] = await t.db.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, full.id));
    expect(row!.points).toBe(2_147_483_000);
  });
});

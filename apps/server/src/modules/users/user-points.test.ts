import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import { adminAdjustPoints } from './users.service.ts';

// POST /api/users/points between administrators (docs/architecture.md A6.1): only a super administrator
// writes the points of an administrator or a super administrator; nobody writes their own; every entry
// keeps its author.

let t: TestApp;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  const people = {
    // A shopper, an administrator and a store account of store 1.
    shopper: await make.shopper(),
    admin: await make.admin(),
    store: await make.storeAccount(),
    super: await make.superAdmin(),
    // A second super administrator: super administrators may write each other's points, never their own.
    super2: await make.superAdmin(),
    // A shopper of another store.
    outsider: await make.shopper({ storeId: (await make.store()).id }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
  }
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const credit = (who: string, userId: number, value: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/points',
    headers: as(sessions[who]),
    payload: { userId, value, description: 'Reconocimiento' },
  });
const balance = async (userId: number) =>
  (await t.db.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, userId)))[0]!.points;
const lastEntry = async (userId: number) =>
  (
    await t.db
      .select({ value: s.pointTransactions.value, createdBy: s.pointTransactions.createdBy, kind: s.pointTransactions.kind })
      .from(s.pointTransactions)
      .where(and(eq(s.pointTransactions.userId, userId), eq(s.pointTransactions.refType, 'admin')))
      .orderBy(desc(s.pointTransactions.id))
      .limit(1)
  )[0];

describe('POST /api/users/points between administrators', () => {
  it('refuses an administrator crediting another administrator of the same store, both ways', async () => {
    const before = { admin: await balance(idOf.admin!), store: await balance(idOf.store!) };
    const there = await credit('admin', idOf.store!, 1000);
    expect(there.statusCode).toBe(403);
    expect(there.json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    const back = await credit('store', idOf.admin!, 1000);
    expect(back.statusCode).toBe(403);
    expect(back.json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    // Debits of another administrator are refused the same way.
    expect((await credit('admin', idOf.store!, -1)).json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    // Nor can an administrator write a super administrator's points.
    expect((await credit('admin', idOf.super!, 10)).json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    expect({ admin: await balance(idOf.admin!), store: await balance(idOf.store!) }).toEqual(before);
    expect(await lastEntry(idOf.store!)).toBeUndefined();
    expect(await lastEntry(idOf.admin!)).toBeUndefined();
  });

  it('refuses anyone writing their own points, super administrators included', async () => {
    for (const who of ['admin', 'store', 'super']) {
      const res = await credit(who, idOf[who]!, 10);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await lastEntry(idOf.super!)).toBeUndefined();
  });

  it('lets a super administrator credit and debit an administrator and another super administrator, keeping the author', async () => {
    const start = await balance(idOf.store!);
    const res = await credit('super', idOf.store!, 300);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: idOf.store, value: start + 300 });
    expect(await lastEntry(idOf.store!)).toEqual({ value: 300, createdBy: idOf.super, kind: 'load' });
    expect((await credit('super', idOf.store!, -100)).statusCode).toBe(200);
    expect(await lastEntry(idOf.store!)).toEqual({ value: -100, createdBy: idOf.super, kind: 'adjustment' });

    expect((await credit('super', idOf.super2!, 50)).statusCode).toBe(200);
    expect(await lastEntry(idOf.super2!)).toEqual({ value: 50, createdBy: idOf.super, kind: 'load' });
    expect((await credit('super2', idOf.super!, 50)).statusCode).toBe(200);
    expect(await lastEntry(idOf.super!)).toEqual({ value: 50, createdBy: idOf.super2, kind: 'load' });
  });

  it('still lets an administrator credit a user of their store, recorded as theirs', async () => {
    const res = await credit('admin', idOf.shopper!, 25);
    expect(res.statusCode).toBe(200);
    expect(await lastEntry(idOf.shopper!)).toEqual({ value: 25, createdBy: idOf.admin, kind: 'load' });
    const [notification] = await t.db
      .select({ itemType: s.notifications.itemType })
      .from(s.notifications)
      .where(eq(s.notifications.userId, idOf.shopper!))
      .orderBy(desc(s.notifications.id))
      .limit(1);
    expect(notification).toEqual({ itemType: 'points' });
  });

  it('keeps the rule in the service, whoever calls it', async () => {
    const admin: Principal = { id: idOf.admin!, role: Role.Admin, storeId: 1, adminStores: [1], isStore: false, via: 'token' };
    const call = (userId: number, actor: Principal = admin) =>
      adminAdjustPoints(t.db, { actor, userId, value: 5, description: 'Directo', now: t.clock.now(), calendar: t.config.calendar });
    await expect(call(idOf.store!)).rejects.toMatchObject({ code: 'ADMIN_POINTS_SUPER_ONLY', statusCode: 403 });
    await expect(call(idOf.admin!)).rejects.toBeInstanceOf(AppError);
    await expect(call(idOf.outsider!)).rejects.toMatchObject({ code: 'FORBIDDEN_STORE' });
    await expect(call(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(idOf.shopper!)).toBe(await balance(idOf.shopper!));
  });
});

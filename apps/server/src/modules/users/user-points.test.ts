import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../../plugins/auth.ts';
import { adminAdjustPoints, setUserRole } from './users.service.ts';

// Issue 8, finding 2: administrators of a store credited points to each other through
// POST /api/users/points. Only a super administrator writes the points of an administrator or a
// super administrator; nobody writes their own; every entry keeps its author.

let t: TestApp;
const sessions: Record<string, string> = {};
let ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  // A second super administrator: super administrators may write each other's points, never their own.
  const [luis] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'luis@rewards.test'));
  await setUserRole(t.db, { userId: luis!.id, actorId: null, update: { role: Role.SuperAdmin, adminStores: [] }, now: t.clock.now() });
  for (const who of ['ana', 'admin', 'super', 'tienda', 'luis']) sessions[who] = (await signIn(t.app, `${who}@rewards.test`)).session!;
  const users = await t.db.select({ id: s.users.id, email: s.users.email }).from(s.users);
  ids = Object.fromEntries(users.map((u) => [u.email.split('@')[0]!, u.id]));
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
    const before = { admin: await balance(ids.admin!), tienda: await balance(ids.tienda!) };
    const there = await credit('admin', ids.tienda!, 1000);
    expect(there.statusCode).toBe(403);
    expect(there.json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    const back = await credit('tienda', ids.admin!, 1000);
    expect(back.statusCode).toBe(403);
    expect(back.json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    // Debits of another administrator are refused the same way.
    expect((await credit('admin', ids.tienda!, -1)).json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    // Nor can an administrator write a super administrator's points.
    expect((await credit('admin', ids.super!, 10)).json().code).toBe('ADMIN_POINTS_SUPER_ONLY');
    expect({ admin: await balance(ids.admin!), tienda: await balance(ids.tienda!) }).toEqual(before);
    expect(await lastEntry(ids.tienda!)).toBeUndefined();
    expect(await lastEntry(ids.admin!)).toBeUndefined();
  });

  it('refuses anyone writing their own points, super administrators included', async () => {
    for (const who of ['admin', 'tienda', 'super']) {
      const res = await credit(who, ids[who]!, 10);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await lastEntry(ids.super!)).toBeUndefined();
  });

  it('lets a super administrator credit and debit an administrator and another super administrator, keeping the author', async () => {
    const start = await balance(ids.tienda!);
    const res = await credit('super', ids.tienda!, 300);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: ids.tienda, value: start + 300 });
    expect(await lastEntry(ids.tienda!)).toEqual({ value: 300, createdBy: ids.super, kind: 'load' });
    expect((await credit('super', ids.tienda!, -100)).statusCode).toBe(200);
    expect(await lastEntry(ids.tienda!)).toEqual({ value: -100, createdBy: ids.super, kind: 'adjustment' });

    expect((await credit('super', ids.luis!, 50)).statusCode).toBe(200);
    expect(await lastEntry(ids.luis!)).toEqual({ value: 50, createdBy: ids.super, kind: 'load' });
    expect((await credit('luis', ids.super!, 50)).statusCode).toBe(200);
    expect(await lastEntry(ids.super!)).toEqual({ value: 50, createdBy: ids.luis, kind: 'load' });
  });

  it('still lets an administrator credit a user of their store, recorded as theirs', async () => {
    const res = await credit('admin', ids.ana!, 25);
    expect(res.statusCode).toBe(200);
    expect(await lastEntry(ids.ana!)).toEqual({ value: 25, createdBy: ids.admin, kind: 'load' });
    const [notification] = await t.db
      .select({ itemType: s.notifications.itemType })
      .from(s.notifications)
      .where(eq(s.notifications.userId, ids.ana!))
      .orderBy(desc(s.notifications.id))
      .limit(1);
    expect(notification).toEqual({ itemType: 'points' });
  });

  it('keeps the rule in the service, whoever calls it', async () => {
    const admin: Principal = { id: ids.admin!, role: Role.Admin, storeId: 1, adminStores: [1], isStore: false, via: 'token' };
    const call = (userId: number, actor: Principal = admin) =>
      adminAdjustPoints(t.db, { actor, userId, value: 5, description: 'Directo', now: t.clock.now(), calendar: t.config.calendar });
    await expect(call(ids.tienda!)).rejects.toMatchObject({ code: 'ADMIN_POINTS_SUPER_ONLY', statusCode: 403 });
    await expect(call(ids.admin!)).rejects.toBeInstanceOf(AppError);
    await expect(call(ids.maria!)).rejects.toMatchObject({ code: 'FORBIDDEN_STORE' });
    await expect(call(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(ids.ana!)).toBe(await balance(ids.ana!));
  });
});

import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import type { MovementLine } from '@rewards/shared/points';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { canAdminStore, type Principal } from '../../plugins/auth.ts';
import { addDays } from '@rewards/shared/program';
import { programCalendar, startOfLocalDay, type CalendarRules } from '../../lib/calendar.ts';

export interface MovementFilter {
  userId: number;
  from?: string;
  to?: string;
  timeZone: string;
  page: number;
  pageSize: number;
}

/** Whose account a principal may read: their own, or that of a user of a store they administer (else FORBIDDEN). */
export async function assertCanSeeAccount(db: DbOrTx, principal: Principal, userId: number): Promise<void> {
  if (principal.id === userId) return;
  const [u] = await db.select({ storeId: s.users.storeId }).from(s.users).where(eq(s.users.id, userId));
  if (!u || u.storeId === null || !canAdminStore(principal, u.storeId)) throw new AppError('FORBIDDEN');
}

/** `from` and `to` are whole local days of the program time zone. */
function periodConditions(f: MovementFilter): SQL[] {
  const c: SQL[] = [eq(s.pointTransactions.userId, f.userId)];
  if (f.from) c.push(gte(s.pointTransactions.createdAt, startOfLocalDay(f.from, f.timeZone)));
  if (f.to) c.push(lt(s.pointTransactions.createdAt, startOfLocalDay(addDays(f.to, 1), f.timeZone)));
  return c;
}

export async function listMovements(db: DbOrTx, f: MovementFilter): Promise<ListResponse<MovementLine>> {
  const where = and(...periodConditions(f));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: s.pointTransactions.id,
        value: s.pointTransactions.value,
        kind: s.pointTransactions.kind,
        description: s.pointTransactions.description,
        refType: s.pointTransactions.refType,
        refId: s.pointTransactions.refId,
        descriptionKey: s.pointTransactions.descriptionKey,
        descriptionValues: s.pointTransactions.descriptionValues,
        createdAt: s.pointTransactions.createdAt,
      })
      .from(s.pointTransactions)
      .where(where)
      .orderBy(desc(s.pointTransactions.createdAt), desc(s.pointTransactions.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(s.pointTransactions).where(where),
  ]);
  return listResponse(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    f,
    total?.n ?? 0,
  );
}

/** Balance and this program year's earned, spent (net of refunds) and expired points. */
export async function statistics(db: DbOrTx, userId: number, now: Date, rules: CalendarRules) {
  const [user] = await db.select({ id: s.users.id, points: s.users.points }).from(s.users).where(eq(s.users.id, userId));
  if (!user) throw notFound();
  const year = programCalendar(now, rules).year;
  const since = startOfLocalDay(year.from, rules.timeZone);
  const [row] = await db
    .select({
      earned: sql<number>`coalesce(sum(${s.pointTransactions.value}) filter (where ${s.pointTransactions.kind} in ('load', 'challenge', 'recognition', 'adjustment') and ${s.pointTransactions.value} > 0), 0)::int`,
      spent: sql<number>`coalesce(-sum(${s.pointTransactions.value}) filter (where ${s.pointTransactions.kind} in ('order', 'refund')), 0)::int`,
      expired: sql<number>`coalesce(-sum(${s.pointTransactions.value}) filter (where ${s.pointTransactions.kind} = 'expiry'), 0)::int`,
    })
    .from(s.pointTransactions)
    .where(and(eq(s.pointTransactions.userId, userId), gte(s.pointTransactions.createdAt, since)));
  return {
    user: { id: user.id },
    balance: user.points,
    earned: row!.earned,
    spent: row!.spent,
    expired: row!.expired,
    since: year.from,
  };
}

/** Who the statement is for: name, e-mail, store and the delivery (communication) method. */
export async function statementHolder(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      name: s.users.name,
      lastName: s.users.lastName,
      email: s.users.email,
      points: s.users.points,
      store: s.stores.title,
      contact: s.profiles.preferredContact,
    })
    .from(s.users)
    .leftJoin(s.stores, eq(s.stores.id, s.users.storeId))
    .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  return row;
}

import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_GIVING, type Allowance, type GivingSettings, type GivingSettingsValues } from '@rewards/shared/peer-rules';
import type { GivingSettingsInput } from '@rewards/shared/peer';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { localDate, programCalendar, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { intArray } from '../../lib/sql-arrays.ts';

/**
 * The giving allowance (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md): what each
 * person may give colleagues this period, apart from their points (never spendable, never in the balance).
 * Its rows are written only by the SQL functions rs_allowance_reset, rs_give and rs_boost_allowance.
 */

/** The program's local day of an instant: periods are local days of the program time zone (A6.2). */
export const givingDay = (now: Date, calendar: CalendarRules): string => localDate(now, calendar.timeZone);

/**
 * Moves every active person's allowance (or `users`') to the period holding `now`, exactly once however many
 * instances call it (rs_allowance_reset). Answers how many moved.
 */
export async function resetAllowances(db: DbOrTx, p: { now: Date; calendar: CalendarRules; users?: readonly number[] }): Promise<number> {
  const users = p.users ? sql`${intArray(p.users)}::int[]` : sql`null::int[]`;
  const { rows } = await db.execute<{ n: number }>(
    sql`select rs_allowance_reset(${givingDay(p.now, p.calendar)}::date, ${users}, ${p.now.toISOString()}::timestamptz) as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A store's giving settings: its own, or the defaults when it saved none (or for no store). */
export async function givingSettingsOf(db: DbOrTx, storeId: number | null): Promise<GivingSettingsValues & { updatedAt: string | null }> {
  if (storeId === null) return { ...DEFAULT_GIVING, updatedAt: null };
  const [row] = await db.select().from(s.givingSettings).where(eq(s.givingSettings.storeId, storeId));
  if (!row) return { ...DEFAULT_GIVING, updatedAt: null };
  return {
    amount: row.amount,
    period: row.period,
    minMessage: row.minMessage,
    shareCapPercent: row.shareCapPercent,
    perReport: row.perReport,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getGivingSettings(db: DbOrTx, storeId: number): Promise<GivingSettings> {
  return { storeId, ...(await givingSettingsOf(db, storeId)) };
}

/** Saves a store's giving settings; they apply from each person's next period (the current grants stand). */
export async function saveGivingSettings(
  db: DbOrTx,
  p: { storeId: number; input: GivingSettingsInput; actorId: number; now: Date },
): Promise<GivingSettings> {
  const values = { ...p.input, updatedAt: p.now, updatedBy: p.actorId };
  await db
    .insert(s.givingSettings)
    .values({ storeId: p.storeId, ...values })
    .onConflictDoUpdate({ target: s.givingSettings.storeId, set: values });
  return getGivingSettings(db, p.storeId);
}

/** Whether a store has active company values (a give must then name at least one). */
export async function storeHasActiveValues(db: DbOrTx, storeId: number | null): Promise<boolean> {
  if (storeId === null) return false;
  const [row] = await db
    .select({ id: s.companyValues.id })
    .from(s.companyValues)
    .where(and(eq(s.companyValues.storeId, storeId), eq(s.companyValues.active, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * A person's allowance now (reset first when its period is stale): this period's grant, what they gave,
 * what remains (the boost included) and the boost, with the store rules the give dialog shows.
 */
export async function getAllowance(db: DbOrTx, p: { userId: number; now: Date; calendar: CalendarRules }): Promise<Allowance> {
  await resetAllowances(db, { now: p.now, calendar: p.calendar, users: [p.userId] });
  const today = givingDay(p.now, p.calendar);
  const [row] = await db
    .select({
      allowance: s.allowances,
      storeId: s.users.storeId,
      given: sql<number>`(select coalesce(-sum(m.value), 0)::int from ${s.allowanceMovements} m
        where m.user_id = ${s.allowances.userId} and m.kind = 'given' and m.period_start = ${s.allowances.periodStart})`,
    })
    .from(s.allowances)
    .innerJoin(s.users, eq(s.users.id, s.allowances.userId))
    .where(eq(s.allowances.userId, p.userId));
  const a = row!.allowance;
  const settings = await givingSettingsOf(db, row!.storeId);
  const boost = a.boostExpires !== null && a.boostExpires >= today ? a.boostRemaining : 0;
  return {
    amount: a.amount,
    given: Number(row!.given),
    remaining: a.remaining + boost,
    boost,
    periodStart: a.periodStart,
    periodEnd: a.periodEnd,
    minMessage: settings.minMessage,
    shareCapPercent: settings.shareCapPercent,
    valuesRequired: await storeHasActiveValues(db, row!.storeId),
  };
}

/**
 * An administrator adds `points` to a person's allowance (rs_boost_allowance): spent after the period's
 * remainder, until the end of the program's accrual window.
 */
export async function boostAllowance(
  db: DbOrTx,
  p: { userId: number; points: number; note?: string; actorId: number; now: Date; calendar: CalendarRules },
): Promise<{ userId: number; boost: number; boostExpires: string | null; remaining: number }> {
  const expires = programCalendar(p.now, p.calendar).accrual.to;
  try {
    const { rows } = await db.execute<{ boost_remaining: number; boost_expires: string | null; remaining: number }>(sql`
      select boost_remaining, boost_expires::text as boost_expires, remaining from rs_boost_allowance(
        ${p.userId}::int, ${p.points}::int, ${expires}::date, ${p.actorId}::int, ${p.note ?? null}::text,
        ${givingDay(p.now, p.calendar)}::date, ${p.now.toISOString()}::timestamptz)`);
    const r = rows[0]!;
    return { userId: p.userId, boost: Number(r.boost_remaining), boostExpires: r.boost_expires, remaining: Number(r.remaining) };
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

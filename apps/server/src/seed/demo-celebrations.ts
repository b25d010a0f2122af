import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { textArray } from '../lib/sql-arrays.ts';
import { demoEmployees } from './demo-loads.ts';

/**
 * Demo people's dates (docs/architecture.md A6.17, A7), so an administrator's "next 30 days" is alive on the
 * first start: birthdays and hire dates for the first thirty demo employees of the first store (those the
 * demo's peer recognition already involves), spread over the coming year from two days after the first start,
 * with work anniversaries of 1 to 12 years (the 5- and 10-year milestones among them) and one first day ahead.
 * None falls on the first start's day or the days beside it, so the first start celebrates nobody: the demo
 * accounts' and the journeys' balances and notifications stay as they expect them, and the celebrations come
 * as the days pass.
 */

const DAY = 86_400_000;
/** Days from the first start to each birthday. */
const BIRTHDAYS = [2, 4, 6, 9, 12, 15, 18, 21, 24, 27, 40, 75, 120, 200, 300];
/** Days from the first start to each work anniversary, and its years of service. */
const ANNIVERSARIES: [days: number, years: number][] = [
  [3, 5],
  [8, 1],
  [14, 10],
  [20, 3],
  [26, 7],
  [50, 2],
  [90, 12],
  [150, 4],
  [220, 6],
  [280, 8],
  [330, 1],
];
/** Days from the first start to a new employee's first day. */
const FIRST_DAY = 10;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export async function seedDemoCelebrations(db: Db, now: Date): Promise<void> {
  const emails = demoEmployees()
    .slice(0, 30)
    .map((e) => e.email);
  const people = await db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(inArray(s.users.email, emails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const rows: { email: string; birthday: string | null; hireDate: string | null }[] = [];
  BIRTHDAYS.forEach((days, i) => {
    rows.push({ email: emails[i]!, birthday: isoDay(now.getTime() + days * DAY).slice(5), hireDate: null });
  });
  ANNIVERSARIES.forEach(([days, years], i) => {
    const day = isoDay(now.getTime() + days * DAY);
    const hire = `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
    // 29 February of a year that has none: the 28th.
    const valid = hire.endsWith('-02-29') && !isLeap(Number(hire.slice(0, 4))) ? hire.replace('-02-29', '-02-28') : hire;
    rows.push({ email: emails[BIRTHDAYS.length + i]!, birthday: null, hireDate: valid });
  });
  rows.push({ email: emails[BIRTHDAYS.length + ANNIVERSARIES.length]!, birthday: null, hireDate: isoDay(now.getTime() + FIRST_DAY * DAY) });
  const known = rows.filter((r) => idOf.has(r.email));
  if (known.length === 0) return;
  await db.execute(sql`
    update users u set birthday = coalesce(x.birthday, u.birthday), hire_date = coalesce(x.hire_date::date, u.hire_date)
    from unnest(${textArray(known.map((r) => r.email))}::text[], ${textArray(known.map((r) => r.birthday))}::text[],
      ${textArray(known.map((r) => r.hireDate))}::text[]) as x(email, birthday, hire_date)
    where u.email = x.email`);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

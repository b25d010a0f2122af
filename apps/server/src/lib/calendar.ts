import { addDays, type ProgramCalendar } from '@rewards/shared/program';
import { AppError } from './app-error.ts';

/**
 * Program calendar (docs/architecture.md A6). Configurable month-days, read in the program's time
 * zone; defaults from docs/architecture.md P9: points are credited from 1 Nov to 30 Sep, orders are accepted
 * from 1 Nov to the end of 15 Oct, and the day after (16 Oct) every balance expires. The program year
 * runs from the accrual start to the day before the next one.
 */
export interface CalendarRules {
  timeZone: string;
  /** MM-DD */
  accrualStart: string;
  accrualEnd: string;
  redemptionEnd: string;
}

export const defaultCalendar: CalendarRules = { timeZone: 'UTC', accrualStart: '11-01', accrualEnd: '09-30', redemptionEnd: '10-15' };

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Days from the accrual start, in a leap year so 29 Feb has a place. */
function offset(monthDay: string, from: string): number {
  const day = (md: string) => (Date.UTC(2024, Number(md.slice(0, 2)) - 1, Number(md.slice(3))) - Date.UTC(2024, 0, 1)) / 86_400_000;
  return (day(monthDay) - day(from) + 366) % 366;
}

/** Refuses calendars that cannot work: bad dates, an unknown zone, or windows out of order. */
export function validateCalendar(rules: CalendarRules): CalendarRules {
  for (const [name, value] of Object.entries({
    accrualStart: rules.accrualStart,
    accrualEnd: rules.accrualEnd,
    redemptionEnd: rules.redemptionEnd,
  }))
    if (
      !MONTH_DAY.test(value) ||
      new Date(Date.UTC(2024, Number(value.slice(0, 2)) - 1, Number(value.slice(3)))).getUTCDate() !== Number(value.slice(3))
    )
      throw new Error(`Program calendar: ${name} must be MM-DD, got "${value}"`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: rules.timeZone });
  } catch {
    throw new Error(`Program calendar: unknown time zone "${rules.timeZone}"`);
  }
  const accrual = offset(rules.accrualEnd, rules.accrualStart);
  const redemption = offset(rules.redemptionEnd, rules.accrualStart);
  if (redemption < accrual) throw new Error('Program calendar: the redemption window must end on or after the accrual window');
  if (redemption >= 365) throw new Error('Program calendar: the redemption end must leave a day for the expiry before the next year');
  return rules;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  return formatter(dateFormatters, timeZone, () => ({ year: 'numeric', month: '2-digit', day: '2-digit' }), 'en-CA').format(now);
}

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: () => Intl.DateTimeFormatOptions, locale = 'en-US') {
  let f = cache.get(timeZone);
  if (!f) cache.set(timeZone, (f = new Intl.DateTimeFormat(locale, { timeZone, ...options() })));
  return f;
}

/** How far a zone's clock is ahead of UTC at an instant, in ms (seconds kept: old zones had odd offsets). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatter(clockFormatters, timeZone, () => ({
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - wholeSecond;
}

const HOUR = 3_600_000;
/** Every zone's offset lies within this much of UTC (UTC-12 to UTC+14, and a margin). */
const WIDEST_OFFSET = 15 * HOUR;

/**
 * The instant a local date (YYYY-MM-DD) begins in a time zone: the first instant whose local date is that
 * day (docs/architecture.md A6.2). Usually local midnight; where a clock change skips midnight
 * (America/Santiago on 2026-09-06 goes from 23:59:59 to 01:00), the instant of the change. A day a zone
 * skipped whole begins where the next one does. The end of a day is the start of the next one.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const wallMidnight = Date.parse(`${date}T00:00:00Z`);
  const isOnOrAfter = (instant: number) => localDate(new Date(instant), timeZone) >= date;
  const isStart = (instant: number) => isOnOrAfter(instant) && !isOnOrAfter(instant - 1);
  // The day begins within a day of its wall-clock midnight read in UTC: local midnight at the offset in force
  // before the day or after it, when that midnight exists.
  for (const offset of new Set([offsetAt(wallMidnight - WIDEST_OFFSET, timeZone), offsetAt(wallMidnight + WIDEST_OFFSET, timeZone)])) {
    if (isStart(wallMidnight - offset)) return new Date(wallMidnight - offset);
  }
  // Midnight was skipped by a clock change: the day begins at the change. The local date only moves forward
  // across the window, so the first instant on or after the day is found by halving it.
  let before = wallMidnight - WIDEST_OFFSET;
  let after = wallMidnight + WIDEST_OFFSET;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (isOnOrAfter(middle)) after = middle;
    else before = middle;
  }
  return new Date(after);
}

/** The instant a local date ends (exclusive): when the next day begins. */
export const endOfLocalDay = (date: string, timeZone: string): Date => startOfLocalDay(addDays(date, 1), timeZone);

/** 29 Feb in a common year falls back to 28 Feb. */
function onYear(year: number, monthDay: string): string {
  const date = `${year}-${monthDay}`;
  return monthDay === '02-29' && new Date(`${date}T00:00:00Z`).getUTCMonth() !== 1 ? `${year}-02-28` : date;
}

/** The first date on or after `start` that falls on `monthDay`. */
function nextOn(start: string, monthDay: string): string {
  const year = Number(start.slice(0, 4));
  const same = onYear(year, monthDay);
  return same >= start ? same : onYear(year + 1, monthDay);
}

/** The program year that contains `now`, with its windows as local dates and whether each is open. */
export function programCalendar(now: Date, rules: CalendarRules): ProgramCalendar {
  const today = localDate(now, rules.timeZone);
  const year = Number(today.slice(0, 4));
  const thisYearStart = onYear(year, rules.accrualStart);
  const start = thisYearStart <= today ? thisYearStart : onYear(year - 1, rules.accrualStart);
  const accrualTo = nextOn(start, rules.accrualEnd);
  const redemptionTo = nextOn(start, rules.redemptionEnd);
  const expiresOn = addDays(redemptionTo, 1);
  const nextYearFrom = onYear(Number(start.slice(0, 4)) + 1, rules.accrualStart);
  return {
    timeZone: rules.timeZone,
    today,
    year: { from: start, to: addDays(nextYearFrom, -1) },
    accrual: { from: start, to: accrualTo, open: today <= accrualTo, closesAt: closingOf(accrualTo, rules.timeZone) },
    redemption: { from: start, to: redemptionTo, open: today <= redemptionTo, closesAt: closingOf(redemptionTo, rules.timeZone) },
    expiresOn,
    expired: today >= expiresOn,
  };
}

/** The instant a window whose last local day is `to` closes: when the next day begins in the program's zone. */
const closingOf = (to: string, timeZone: string) => startOfLocalDay(addDays(to, 1), timeZone).toISOString();

export const isRedemptionOpen = (now: Date, rules: CalendarRules) => programCalendar(now, rules).redemption.open;
export const isAccrualOpen = (now: Date, rules: CalendarRules) => programCalendar(now, rules).accrual.open;

/** Points are credited only inside the program's accrual window (docs/architecture.md A6.2): else ACCRUAL_CLOSED. */
export function assertAccrualOpen(now: Date, rules: CalendarRules): void {
  if (!isAccrualOpen(now, rules)) throw new AppError('ACCRUAL_CLOSED');
}

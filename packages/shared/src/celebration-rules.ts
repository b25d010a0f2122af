// No zod here: the feed and the profile read these (docs/decisions/0028-light-first-paint.md).

/*
 * People's dates and celebrations (docs/architecture.md A6.17, decision 0049): on a person's birthday, work
 * anniversary and first day the company celebrates them at their store's local hour in their own time zone,
 * once (the database's keys), with the points their store's settings give; points about to expire are
 * reminded before the redemption cutoff. A birthday is stored as 'MM-DD' (never a year), a hire date as
 * 'YYYY-MM-DD'.
 */

/** What is celebrated: a birthday, a work anniversary (1 year or more) and the first day (welcome). */
export const celebrationKinds = ['birthday', 'anniversary', 'welcome'] as const;
export type CelebrationKind = (typeof celebrationKinds)[number];

/** A person's choice per kind: in the feed, only to them (notification and points), or not at all. */
export const celebrationChoices = ['public', 'private', 'none'] as const;
export type CelebrationChoice = (typeof celebrationChoices)[number];

/** Where 29 February is celebrated in a common year: the day before or the day after. */
export const feb29Rules = ['feb28', 'mar1'] as const;
export type Feb29Rule = (typeof feb29Rules)[number];

/** Days before the redemption cutoff (local days of the person's zone) on which expiring points are reminded. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
export type ExpiryReminderDays = (typeof EXPIRY_REMINDER_DAYS)[number];

/** How many days ahead the administrators' list of upcoming celebrations looks by default. */
export const UPCOMING_DAYS = 30;

/** Bounds of a store's settings (the same as the database's checks on celebration_settings). */
export const CELEBRATION_POINTS_MAX = 100_000;
export const HEADS_UP_DAYS_MAX = 30;
/** The most anniversary milestones a store may set, and the most years of service one may name. */
export const MILESTONES_MAX = 20;
export const MILESTONE_YEARS_MAX = 60;

/** A store's celebration settings. `milestones`: years of service (as text keys) -> points instead of `anniversaryPoints`. */
export interface CelebrationSettingsValues {
  /** The local hour (0-23, the person's zone) from which a celebration is posted on its day. */
  localHour: number;
  birthdayPoints: number;
  anniversaryPoints: number;
  welcomePoints: number;
  milestones: Readonly<Record<string, number>>;
  feb29: Feb29Rule;
  /** Days ahead a person's manager hears of a public celebration (0: never). */
  headsUpDays: number;
  /** Each kind's choice for people who made none. */
  defaults: Readonly<Record<CelebrationKind, CelebrationChoice>>;
}

/** A store's settings when it saved none (and for people without a store). */
export const DEFAULT_CELEBRATIONS = {
  localHour: 8,
  birthdayPoints: 50,
  anniversaryPoints: 100,
  welcomePoints: 100,
  milestones: { 5: 500, 10: 1000 },
  feb29: 'feb28',
  headsUpDays: 3,
  defaults: { birthday: 'public', anniversary: 'public', welcome: 'public' },
} as const satisfies CelebrationSettingsValues;

/** Days of each month in a leap year (a birthday may be any of them, 29 February included). */
const monthDays = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether `value` is 'MM-DD', a day that exists in a leap year (as users.birthday's check). */
export function isMonthDay(value: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= monthDays[month - 1]!;
}

/**
 * The day ('YYYY-MM-DD') a month-day is celebrated in `year`: itself, except 29 February in a common year,
 * which is the 28th of February or the 1st of March by the store's rule. Throws RangeError for anything
 * that is not a valid 'MM-DD' or a year outside 1-9999.
 */
export function celebratedOn(monthDay: string, year: number, feb29: Feb29Rule): string {
  if (!isMonthDay(monthDay)) throw new RangeError(`Not a month and day: ${monthDay}`);
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  const y = String(year).padStart(4, '0');
  if (monthDay === '02-29' && !isLeapYear(year)) return feb29 === 'mar1' ? `${y}-03-01` : `${y}-02-28`;
  return `${y}-${monthDay}`;
}

/** The points of a work anniversary of `years` years of service: its milestone's when it has one, else the store's. */
export function anniversaryPoints(years: number, s: Pick<CelebrationSettingsValues, 'anniversaryPoints' | 'milestones'>): number {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`Not years of service: ${years}`);
  return s.milestones[String(years)] ?? s.anniversaryPoints;
}

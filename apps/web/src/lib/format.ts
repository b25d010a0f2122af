import { currentLanguage } from './i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;

export function formatPoints(value: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()]).format(value);
}

/**
 * The time zone dates and times are shown in (docs/decisions/0029-offline-reverse-geocoding.md): the one of
 * the user's saved position, which the session carries, else the browser's. Set by the session check.
 */
let userTimeZone: string | null = null;

export function setUserTimeZone(timeZone: string | null | undefined): void {
  userTimeZone = timeZone && isTimeZone(timeZone) ? timeZone : null;
}

/** The zone of the user's saved position, or the browser's when they saved none. */
export function currentTimeZone(): string {
  return userTimeZone ?? browserTimeZone();
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether this browser knows the zone (an older one may not know a zone created since). */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// Building an Intl.DateTimeFormat costs far more than using one: one per language, style and zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const locale = locales[currentLanguage()];
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** An instant as date and time in a time zone (the user's unless told), in the user's language. */
export function formatDateTime(iso: string | Date, timeZone: string = currentTimeZone()): string {
  return formatter({ dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** The time of day of an instant in a time zone, with the zone's short name ("18:45 CET"). */
export function formatTimeOfDay(iso: string | Date, timeZone: string = currentTimeZone()): string {
  return formatter({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as written in the user's language, without time-zone shifts. */
export function formatDate(date: string, style: 'long' | 'medium' = 'long'): string {
  return formatter({ dateStyle: style, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A day of the year ('MM-DD', a birthday: never a year) as written in the user's language: "14 de marzo", "March 14". */
export function formatMonthDay(monthDay: string): string {
  const m = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!m) return monthDay;
  // A leap year, so 29 February is written too.
  return formatter({ month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, Number(m[1]) - 1, Number(m[2]))));
}

/** The months' names in the user's language, January first. */
export function monthNames(): string[] {
  const f = formatter({ month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => f.format(new Date(Date.UTC(2000, i, 1))));
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the user's unless told). */
export function localDay(instant: string | Date, timeZone: string = currentTimeZone()): string {
  const parts = formatter({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

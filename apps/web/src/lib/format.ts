import { currentLanguage } from './i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;

export function formatPoints(value: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()]).format(value);
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as written in the user's language, without time-zone shifts. */
export function formatDate(date: string, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

import { currentLanguage } from './i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;

export function formatPoints(value: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()]).format(value);
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

import { currentLanguage } from './i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;

export function formatPoints(value: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()]).format(value);
}

import { currentLanguage } from '@/lib/i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;

/** A share from 0 to 1 as a percentage in the reader's language, to at most one decimal. */
export function formatShare(share: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

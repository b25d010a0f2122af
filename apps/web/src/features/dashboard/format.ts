import type { DashboardBucket } from '@rewards/shared/dashboard';
import { currentLanguage } from '@/lib/i18n';

const locales = { es: 'es-MX', en: 'en-US' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = locales[currentLanguage()];
  const key = `${locale}:${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return f;
}

/**
 * A chart bucket (its first local day, YYYY-MM-DD) in the reader's language: short for an axis
 * ("nov 25", "Nov 25"; a week: "3 nov", "Nov 3"), long for a table ("noviembre de 2025", "Nov 3, 2025").
 */
export function formatBucket(period: string, bucket: DashboardBucket, style: 'short' | 'long'): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (bucket === 'month')
    return dateFormat(style === 'short' ? { month: 'short', year: '2-digit' } : { month: 'long', year: 'numeric' }).format(date);
  return dateFormat(style === 'short' ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }).format(date);
}

/** A share from 0 to 1 as a percentage in the reader's language ("75 %", "75%"), to at most one decimal. */
export function formatShare(share: number): string {
  return new Intl.NumberFormat(locales[currentLanguage()], { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError, type FieldIssue } from './app-error.ts';

/**
 * A required text an administrator writes for shoppers as it will be stored, after an edit that may send only
 * some of its languages: VALIDATION_FAILED with 'Required field' on `body.<x>` when neither `x` (Spanish) nor
 * `xEn` (English) is written (docs/architecture.md A6.15; the schemas refuse a create or a pair sent empty
 * on both sides themselves).
 */
export function assertOneLanguage(stored: Record<string, string>, fields: readonly string[], at = 'body'): void {
  const issues: FieldIssue[] = fields
    .filter((f) => (stored[f] ?? '').trim() === '' && (stored[`${f}En`] ?? '').trim() === '')
    .map((f) => ({ field: `${at}.${f}`, message: 'Required field', code: 'custom' }));
  if (issues.length) throw new AppError('VALIDATION_FAILED', issues);
}

/** The Spanish of a pair, else its English: what lists sort by (docs/architecture.md A6.15). */
export function sortText(es: AnyColumn, en: AnyColumn): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(${es}), ''), ${en})`;
}

/**
 * A pair in one reader's language, else in the other (the fallback of docs/architecture.md A6.15), for what
 * the database writes itself (an export).
 */
export function inLanguage(es: AnyColumn, en: AnyColumn, lang: 'es' | 'en'): SQL<string> {
  const [first, second] = lang === 'es' ? [es, en] : [en, es];
  return sql<string>`coalesce(nullif(btrim(${first}), ''), ${second})`;
}

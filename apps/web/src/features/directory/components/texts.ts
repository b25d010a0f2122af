import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMonthDay } from '@/lib/format';
import type { DirectoryAttribute } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A failure of the directory's routes as text: its code's message when the web has one (errors.ts), else the
 * server's own message, which it words in the language the web asked for (Accept-Language): a code newer than
 * the texts the web was built with still reads as what went wrong, not as "an error occurred".
 */
export function directoryErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message && !t(`errors:${error.code}`, { defaultValue: '' }))
    return error.message;
  return errorText(t, error);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_DAY = /^\d{2}-\d{2}$/;

/**
 * An attribute's value as the audit and the sync's report show it: the server sends text (an office by its
 * store's name, a manager by their e-mail); yes or no for `active`, dates as the reader writes them, "—" for
 * none. A value in a shape the web does not know is shown as it came.
 */
export function attributeValue(t: Translate, attribute: DirectoryAttribute, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (attribute === 'active') {
    if (/^(true|1)$/i.test(value)) return t('directory:values.yes');
    if (/^(false|0)$/i.test(value)) return t('directory:values.no');
  }
  if (attribute === 'hireDate' || attribute === 'birthday') {
    if (DAY.test(value)) return formatDate(value, 'medium');
    if (MONTH_DAY.test(value)) return formatMonthDay(value);
  }
  return value;
}

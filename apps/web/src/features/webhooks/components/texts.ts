import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A failure of the webhooks' routes as text: its code's message when the web has one, else the server's own
 * message (worded in the language the web asked for), so a code newer than the web's texts still reads right.
 */
export function webhookErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message && !t(`errors:${error.code}`, { defaultValue: '' }))
    return error.message;
  return errorText(t, error);
}

import { useCallback } from 'react';
import type { MutationMeta } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from './api';
import { formatPoints } from './format';
import { toast } from './toast';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The stable code of a failure: the server's (or NETWORK_ERROR, TIMEOUT), INTERNAL_ERROR for anything else. */
export function errorCode(error: unknown): ApiError['code'] {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
}

const translatorOptions = new Set(['ns', 'count', 'defaultValue', 'lng', 'returnObjects']);

/** An error's details as the values of its message's placeholders, numbers grouped as the reader writes them. */
function messageValues(error: unknown): Record<string, unknown> {
  const details = error instanceof ApiError ? error.details : undefined;
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return {};
  return Object.fromEntries(
    Object.entries(details)
      // The translator's own options are never a placeholder's value.
      .filter(([k]) => !translatorOptions.has(k))
      .map(([k, v]) => [k, typeof v === 'number' ? formatPoints(v) : v]),
  );
}

/**
 * The one way to turn a failure into text: its code's message in the reader's language (the texts live with
 * their codes in packages/shared, namespace `errors`), its `{{name}}` placeholders filled from the error's
 * details; a code without a text reads as INTERNAL_ERROR. A message whose details lack a value is the
 * server's own wording of it (in the language the web asked for).
 */
export function errorText(t: Translate, error: unknown): string {
  const code = errorCode(error);
  // The client's own failures (no answer within 30 s, no connection) have their texts in `common`.
  if (code === 'TIMEOUT' || code === 'NETWORK_ERROR') return t(`common:clientErrors.${code}`);
  // Before the errors namespace has loaded (a failure that is not the API's), the generic text of `common`.
  const text = t(`errors:${code}`, {
    ...messageValues(error),
    defaultValue: t('errors:INTERNAL_ERROR', { defaultValue: t('common:clientErrors.INTERNAL_ERROR') }),
  });
  return text.includes('{{') && error instanceof ApiError && error.message ? error.message : text;
}

/** `errorText` bound to the current language: `const errorText = useErrorText(); errorText(err)`. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(t, error), [t]);
}

/**
 * Toasts a failed action where it happened: the expected refusals listed in `warnings` (not enough points,
 * already in the cart) as a warning, anything else as an error.
 */
export function useErrorToast(): (error: unknown, warnings?: readonly string[]) => void {
  const text = useErrorText();
  return useCallback(
    (error: unknown, warnings: readonly string[] = []) => (warnings.includes(errorCode(error)) ? toast.warning : toast.error)(text(error)),
    [text],
  );
}

/**
 * `meta` of a mutation whose failures its caller shows (in the form, on the line, as a toast): the global
 * 'Alerta' of docs/architecture.md P8 stays quiet for it (see app/providers.tsx).
 */
export const ownErrors: MutationMeta = { ownErrors: true };

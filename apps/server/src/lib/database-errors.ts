import { isErrorCode } from '@rewards/shared/errors';
import { AppError } from './app-error.ts';

/** The SQLSTATE of a database error, through the driver's or Drizzle's wrapping. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A rule raised by a database function (db/functions: SQLSTATE P0001 with an API error code as its message
 * and its details as JSON in DETAIL, docs/decisions/0003-orders.md) as an AppError with that code's status;
 * undefined for anything else, which stays a 500.
 */
export function raisedRule(err: unknown): AppError | undefined {
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string; detail?: string };
  if (e.code !== 'P0001' || !isErrorCode(e.message) || e.message === 'VALIDATION_FAILED') return undefined;
  const error = new AppError(e.message, e.detail ? (JSON.parse(e.detail) as unknown) : undefined);
  return error.statusCode < 500 ? error : undefined;
}

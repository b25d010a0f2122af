import { isErrorCode } from '@rewards/shared/errors';
import { AppError } from './app-error.ts';

/**
 * A rule raised by a database function (`rs_place_order`, `rs_move_stocks`, `rs_credit_load`: SQLSTATE
 * P0001 with an API error code as its message and its details as JSON in DETAIL,
 * docs/decisions/0003-orders.md) as an AppError with that code's status; undefined for anything else,
 * which stays a 500.
 */
export function raisedRule(err: unknown): AppError | undefined {
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string; detail?: string };
  if (e.code !== 'P0001' || !isErrorCode(e.message) || e.message === 'VALIDATION_FAILED') return undefined;
  const error = new AppError(e.message, e.detail ? (JSON.parse(e.detail) as unknown) : undefined);
  return error.statusCode < 500 ? error : undefined;
}

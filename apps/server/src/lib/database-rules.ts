import { isErrorCode, type ErrorCode } from '@rewards/shared/errors';
import { AppError } from './app-error.ts';

/**
 * HTTP status of each rule the database functions (`rs_place_order`, `rs_move_stocks`) may raise;
 * any other database failure stays a 500.
 */
const ruleStatus: Partial<Record<ErrorCode, number>> = {
  NOT_FOUND: 404,
  USER_INACTIVE: 403,
  REDEMPTION_CLOSED: 422,
  CART_EMPTY: 422,
  NOT_AVAILABLE_IN_STORE: 422,
  NOT_ENOUGH_POINTS: 422,
  OUT_OF_STOCK: 422,
  AMOUNT_TOO_LARGE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
};

/**
 * A rule raised by a database function (SQLSTATE P0001 with an API error code as its message and its
 * details as JSON in DETAIL, docs/decisions/0003-orders.md) as an AppError; undefined for anything else.
 */
export function raisedRule(err: unknown): AppError | undefined {
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string; detail?: string };
  if (e.code !== 'P0001' || !isErrorCode(e.message)) return undefined;
  const status = ruleStatus[e.message];
  if (!status) return undefined;
  return new AppError(e.message, status, e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : undefined);
}

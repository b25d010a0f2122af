import { errorStatus, type ErrorCode } from '@rewards/shared/errors';

/**
 * A failure with a stable code; the errors plugin turns it into the envelope. Its HTTP status is the
 * code's, from the one table in packages/shared/src/errors.ts: call sites name the code, never a status.
 */
/** One problem with one input field: the only shape of VALIDATION_FAILED's details, from zod or from a service. */
export interface FieldIssue {
  /** Where it came from and its path: `body.points`, `querystring.storeId`, `body.questions.0.text`. */
  field: string;
  message: string;
  code: string;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(code: 'VALIDATION_FAILED', details: readonly FieldIssue[]);
  constructor(code: Exclude<ErrorCode, 'VALIDATION_FAILED'>, details?: unknown);
  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (details?: unknown) => new AppError('NOT_FOUND', details);

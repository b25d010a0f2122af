import type { ErrorCode } from '@rewards/shared/errors';

/** A failure with a stable code; the errors plugin turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly details?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (details?: unknown) => new AppError('NOT_FOUND', 404, details);

import { isErrorCode, type ErrorCode } from '@rewards/shared/errors';

/**
 * The message the sign-in page shows for `?error=CODE` (the server's redirects after a failed sign-in):
 * any known code's own message, the generic sign-in failure for anything else, nothing without a code.
 */
export function signInErrorCode(param: string | null): ErrorCode | null {
  if (!param) return null;
  return isErrorCode(param) ? param : 'SIGN_IN_FAILED';
}

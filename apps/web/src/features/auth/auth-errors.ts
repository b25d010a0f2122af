import { isErrorCode, type ErrorCode } from '@rewards/shared/errors';

/**
 * The message the sign-in page shows for `?error=CODE` (the server's redirects after a failed sign-in):
 * any known code's own message, the generic sign-in failure for anything else, nothing without a code.
 */
export function signInErrorCode(param: string | null): ErrorCode | null {
  if (!param) return null;
  return isErrorCode(param) ? param : 'SIGN_IN_FAILED';
}

const sessionCodes: readonly ErrorCode[] = ['SESSION_EXPIRED', 'USER_INACTIVE', 'INVALID_TOKEN'];

/**
 * Why a session the app believed open has ended, from the 401's code: the session codes keep their own
 * message; a bare UNAUTHENTICATED (the cookie is gone, e.g. signed out in another tab) reads as expired.
 */
export function sessionEndedCode(code: string): ErrorCode {
  return sessionCodes.find((c) => c === code) ?? 'SESSION_EXPIRED';
}

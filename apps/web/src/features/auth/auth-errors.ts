import type { ErrorCode } from '@rewards/shared/errors';

const sessionCodes: readonly ErrorCode[] = ['SESSION_EXPIRED', 'USER_INACTIVE', 'INVALID_TOKEN'];

/**
 * Why a session the app believed open has ended, from the 401's code: the session codes keep their own
 * message; a bare UNAUTHENTICATED (the cookie is gone, e.g. signed out in another tab) reads as expired.
 */
export function sessionEndedCode(code: string): ErrorCode {
  return sessionCodes.find((c) => c === code) ?? 'SESSION_EXPIRED';
}

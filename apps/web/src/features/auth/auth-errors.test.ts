import { describe, expect, it } from 'vitest';
import { errorCodes } from '@rewards/shared/errors';
import { sessionEndedCode } from './auth-errors';
import { signInErrorCode } from './sign-in-error';

describe('signInErrorCode', () => {
  it("shows any known code's own message, not a fixed list", () => {
    for (const code of errorCodes) expect(signInErrorCode(code)).toBe(code);
    expect(signInErrorCode('IDENTITY_PROVIDER_UNAVAILABLE')).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
  });

  it('falls back to the generic sign-in failure for anything else, and shows nothing without a code', () => {
    expect(signInErrorCode('NOPE')).toBe('SIGN_IN_FAILED');
    expect(signInErrorCode('constructor')).toBe('SIGN_IN_FAILED');
    expect(signInErrorCode('<b>hi</b>')).toBe('SIGN_IN_FAILED');
    expect(signInErrorCode(null)).toBeNull();
    expect(signInErrorCode('')).toBeNull();
  });
});

describe('sessionEndedCode', () => {
  it('keeps the session codes and reads a bare 401 as an expired session', () => {
    expect(sessionEndedCode('SESSION_EXPIRED')).toBe('SESSION_EXPIRED');
    expect(sessionEndedCode('USER_INACTIVE')).toBe('USER_INACTIVE');
    expect(sessionEndedCode('INVALID_TOKEN')).toBe('INVALID_TOKEN');
    expect(sessionEndedCode('UNAUTHENTICATED')).toBe('SESSION_EXPIRED');
  });
});

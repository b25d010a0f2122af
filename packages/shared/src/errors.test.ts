import { describe, expect, it } from 'vitest';
import { errorCodes, errorMessages } from './errors.ts';

describe('error catalogue', () => {
  it('has a message in both languages for every code', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(errorMessages[code].en.trim()).not.toBe('');
      expect(errorMessages[code].es.trim()).not.toBe('');
    }
  });

  it('keeps the messages of docs/architecture.md P8', () => {
    expect(errorMessages.USER_INACTIVE.en).toBe('This user is inactive. Please verify that your IS is correct and update it if necessary');
    expect(errorMessages.ALREADY_ACTIVE.en).toBe('There is already an active record');
    expect(errorMessages.STATUS_MISMATCH.en).toBe('status of the products must match the order status');
  });
});

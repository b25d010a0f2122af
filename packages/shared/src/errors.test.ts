import { describe, expect, it } from 'vitest';
import { errorCodes, errorMessages, fillErrorMessage } from './errors.ts';

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

  it('words what an administrator meets for the administrator, naming whom or what it is about', () => {
    const details = { userId: 6, name: 'María López', balance: 1200, value: -1500 };
    expect(fillErrorMessage(errorMessages.ADJUSTMENT_BELOW_ZERO.en, details, 'en')).toBe(
      'This adjustment would leave María López with a negative balance (current balance 1,200)',
    );
    expect(fillErrorMessage(errorMessages.ADJUSTMENT_BELOW_ZERO.es, details, 'es')).toBe(
      'Este ajuste dejaría a María López con un saldo negativo (saldo actual 1,200)',
    );
    expect(fillErrorMessage(errorMessages.STOCK_BELOW_ZERO.en, { name: 'Termo', stock: 3 }, 'en')).toBe(
      'This change would leave Termo with negative stock (current stock 3)',
    );
    // A placeholder without its value is no message to show; one without placeholders is itself.
    expect(fillErrorMessage(errorMessages.ADJUSTMENT_BELOW_ZERO.en, { balance: 5 }, 'en')).toBeUndefined();
    expect(fillErrorMessage(errorMessages.NOT_FOUND.es, undefined, 'es')).toBe('No encontrado');
    expect(errorMessages.INVALID_TOKEN).toEqual({
      en: 'The access token is invalid or expired',
      es: 'El token de acceso no es válido o ha caducado',
    });
  });
});

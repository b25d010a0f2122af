import { beforeAll, describe, expect, it } from 'vitest';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { ApiError } from './api';
import { errorText } from './error-text';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('errorText', () => {
  it("fills a message's placeholders from the error's details, numbers as the reader writes them", async () => {
    const below = new ApiError(422, 'ADJUSTMENT_BELOW_ZERO', 'x', { userId: 6, name: 'María López', balance: 1200, value: -1500 });
    expect(errorText(i18n.t.bind(i18n), below)).toBe('Este ajuste dejaría a María López con un saldo negativo (saldo actual 1,200)');
    await i18n.changeLanguage('en');
    expect(errorText(i18n.t.bind(i18n), below)).toBe(
      'This adjustment would leave María López with a negative balance (current balance 1,200)',
    );
    await i18n.changeLanguage('es');
  });

  it("uses the server's own wording when the details lack a value, and never passes the translator's options through", () => {
    const partial = new ApiError(422, 'STOCK_BELOW_ZERO', 'Este cambio dejaría a Termo con stock negativo (stock actual 2)', { stock: 2 });
    expect(errorText(i18n.t.bind(i18n), partial)).toBe('Este cambio dejaría a Termo con stock negativo (stock actual 2)');
    // `count` in the details is a value, not the translator's plural switch.
    const counted = new ApiError(409, 'CONFLICT', 'x', { count: 3, defaultValue: 'nope' });
    expect(errorText(i18n.t.bind(i18n), counted)).toBe('Los datos cambiaron mientras tanto, inténtalo de nuevo');
  });

  it('words the access token refusal properly', () => {
    expect(errorText(i18n.t.bind(i18n), new ApiError(401, 'INVALID_TOKEN', 'x'))).toBe('El token de acceso no es válido o ha caducado');
  });
});

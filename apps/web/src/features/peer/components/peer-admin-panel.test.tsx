import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { PeerAdminPanel } from './peer-admin-panel';

// /admin/peer/{storeId}: while the giving settings or the form's code load, the section shows the same fields
// empty and disabled, so it is as tall as the form that replaces it and the values below never move
// (docs/decisions/0028-light-first-paint.md).

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = { storeId: 3, amount: 100, period: 'month', minMessage: 20, shareCapPercent: 50, perReport: 10, updatedAt: null };

/** The labels of a section's fields, in order. */
const labels = (scope: HTMLElement) => Array.from(scope.querySelectorAll('label')).map((l) => l.textContent);

describe('the giving settings section', () => {
  it('holds the form’s fields, disabled, until the settings and the form are there, then the form in their place', async () => {
    let answer: (value: [number, unknown]) => void = () => {};
    const settingsAnswer = new Promise<[number, unknown]>((resolve) => (answer = resolve));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const path = new URL(input, 'http://test').pathname.replace(/^\/api/, '');
        calls.push(path);
        const [status, body] = path === '/peer/stores/3/giving' ? await settingsAnswer : [200, { data: [] }];
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<PeerAdminPanel storeId={3} />, i18n);
    const frame = await screen.findByTestId('giving-form-loading');
    const fieldsOf = (scope: HTMLElement) =>
      within(scope).getAllByRole('spinbutton').length + within(scope).getAllByRole('combobox').length;
    expect(fieldsOf(frame)).toBe(5);
    for (const control of [...within(frame).getAllByRole('spinbutton'), ...within(frame).getAllByRole('combobox')])
      expect((control as HTMLInputElement).disabled).toBe(true);
    expect(labels(frame)).toEqual([
      'Puntos por periodo',
      'Periodo',
      'Mensaje mínimo (caracteres)',
      'Tope por compañero (%)',
      'Extra por persona a cargo',
    ]);
    answer([200, { data: settings }]);
    const form = await screen.findByTestId('giving-form');
    await waitFor(() => expect(screen.queryByTestId('giving-form-loading')).toBeNull());
    expect(labels(form)).toEqual(labels(frame));
    expect((within(form).getByTestId('giving-amount') as HTMLInputElement).value).toBe('100');
    expect((within(form).getByTestId('giving-period') as HTMLSelectElement).value).toBe('month');
    expect(calls).toContain('/peer/stores/3/values');
  });

  it('says why when the settings cannot be read', async () => {
    fakeApi((call) =>
      call.path === '/peer/stores/3/giving' ? [403, { statusCode: 403, code: 'FORBIDDEN_STORE', message: 'x' }] : [200, { data: [] }],
    );
    renderWithProviders(<PeerAdminPanel storeId={3} />, i18n);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByTestId('giving-form-loading')).toBeNull();
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OwnCelebrations } from '@rewards/shared/celebrations';
import type { I18n } from '@/lib/use-translation';
import profileEn from '@/locales/en/profile.json';
import profileEs from '@/locales/es/profile.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { CelebrationsSection } from './celebrations-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ profile: { en: profileEn, es: profileEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

const own: OwnCelebrations = {
  birthday: null,
  hireDate: '2021-06-01',
  choices: { birthday: null, anniversary: 'private', welcome: null },
  defaults: { birthday: 'public', anniversary: 'public', welcome: 'none' },
  storeDefaultsFrom: 'store',
};

describe('my celebrations', () => {
  it('shows the store’s default of each kind, and saves the birthday (month and day) and the choices', async () => {
    const calls = fakeApi((call) => [200, { data: call.method === 'PUT' ? { ...own, ...(call.body as object) } : own }]);
    renderWithProviders(<CelebrationsSection />, i18n);
    const birthday = await screen.findByTestId('celebrations-choice-birthday');
    expect(within(birthday).getByLabelText('Lo predeterminado de mi oficina: En el muro, para todos')).toHaveProperty('checked', true);
    const welcome = screen.getByTestId('celebrations-choice-welcome');
    expect(within(welcome).getByLabelText('Lo predeterminado de mi oficina: Sin celebrar')).toHaveProperty('checked', true);
    expect(within(screen.getByTestId('celebrations-choice-anniversary')).getByLabelText('Solo para mí (puntos y un aviso)')).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByTestId('celebrations-hire-date').textContent).toBe('Fecha de ingreso: 1 de junio de 2021');

    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '29' } });
    fireEvent.click(within(birthday).getByLabelText('Sin celebrar'));
    fireEvent.click(within(screen.getByTestId('celebrations-choice-anniversary')).getByLabelText(/^Lo predeterminado/));
    fireEvent.click(screen.getByTestId('celebrations-save'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Celebraciones guardadas'));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/users/profile/celebrations',
      body: { birthday: '02-29', choices: { birthday: 'none', anniversary: null, welcome: null } },
    });
  });

  it('speaks English and says when it could not load', async () => {
    await i18n.changeLanguage('en');
    fakeApi(() => [500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' }]);
    renderWithProviders(<CelebrationsSection />, i18n);
    expect((await screen.findByRole('alert')).textContent).toContain('Your celebrations could not be loaded.');
    expect(screen.getByRole('heading', { name: 'Celebrations' })).toBeTruthy();
  });
});

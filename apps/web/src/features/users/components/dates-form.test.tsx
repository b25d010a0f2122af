import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserListItem } from '@rewards/shared/users';
import type { I18n } from '@/lib/use-translation';
import usersEn from '@/locales/en/users.json';
import usersEs from '@/locales/es/users.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { DatesForm } from './dates-form';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ users: { en: usersEn, es: usersEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const maria: UserListItem = {
  id: 6,
  name: 'María',
  lastName: 'López',
  email: 'maria@rewards.test',
  storeId: 1,
  points: 800,
  role: 1,
  isStore: false,
  active: 1,
  adminStores: [],
  is: null,
};

describe('DatesForm', () => {
  it('shows the saved birthday as a month and a day, and saves both dates with PUT /api/users/{id}', async () => {
    const calls = fakeApi((call) =>
      call.method === 'GET' ? [200, { data: { ...maria, birthday: '03-14', hireDate: '2020-01-15' } }] : [200, { data: maria }],
    );
    const onDone = vi.fn();
    renderWithProviders(<DatesForm user={maria} onDone={onDone} />, i18n);
    const month = (await screen.findByLabelText('Mes')) as HTMLSelectElement;
    expect(month.value).toBe('3');
    expect((screen.getByLabelText('Día') as HTMLSelectElement).value).toBe('14');
    expect((screen.getByLabelText('Fecha de ingreso') as HTMLInputElement).value).toBe('2020-01-15');
    // No year is ever asked for the birthday.
    expect(screen.queryByLabelText(/Año/)).toBeNull();
    fireEvent.change(month, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Fecha de ingreso'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/users/6', body: { birthday: '04-14', hireDate: null } });
  });

  it('in English, refuses a hire date more than a year ahead before sending', async () => {
    await i18n.changeLanguage('en');
    const calls = fakeApi(() => [200, { data: { ...maria, birthday: null, hireDate: null } }]);
    renderWithProviders(<DatesForm user={maria} onDone={() => undefined} />, i18n);
    fireEvent.change(await screen.findByLabelText('Hire date'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a hire date from 1900 up to a year from today.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserListItem } from '@rewards/shared/users';
import type { I18n } from '@/lib/use-translation';
import usersEn from '@/locales/en/users.json';
import usersEs from '@/locales/es/users.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { IsForm } from './is-form';

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
  active: 0,
  adminStores: [],
  is: 'EMP-100',
};

describe('IsForm', () => {
  it('sends the corrected IS, trimmed, and closes', async () => {
    const calls = fakeApi(() => [200, { data: { ...maria, is: 'EMP-101' } }]);
    const onDone = vi.fn();
    renderWithProviders(<IsForm user={maria} onDone={onDone} />, i18n);
    const input = screen.getByLabelText('IS (número de empleado)') as HTMLInputElement;
    expect(input.value).toBe('EMP-100');
    fireEvent.change(input, { target: { value: ' EMP-101 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toMatchObject([{ method: 'PUT', path: '/users/is/6', body: { is: 'EMP-101' } }]);
  });

  it('clears it with an empty field (null)', async () => {
    const calls = fakeApi(() => [200, { data: { ...maria, is: null } }]);
    const onDone = vi.fn();
    renderWithProviders(<IsForm user={maria} onDone={onDone} />, i18n);
    fireEvent.change(screen.getByLabelText('IS (número de empleado)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ is: null });
  });

  it('says what is wrong with a malformed IS before sending, in es and en', async () => {
    const calls = fakeApi(() => [200, {}]);
    renderWithProviders(<IsForm user={maria} onDone={vi.fn()} />, i18n);
    fireEvent.change(screen.getByLabelText('IS (número de empleado)'), { target: { value: 'EMP 100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Usa letras y números, con . - o _ solo entre ellos')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Use letters and digits, with . - or _ only between them')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows IS_TAKEN next to the field, in es and en', async () => {
    fakeApi(() => [
      409,
      { statusCode: 409, code: 'IS_TAKEN', message: 'x', details: [{ field: 'body.is', message: 'taken', code: 'taken' }] },
    ]);
    const onDone = vi.fn();
    renderWithProviders(<IsForm user={maria} onDone={onDone} />, i18n);
    fireEvent.change(screen.getByLabelText('IS (número de empleado)'), { target: { value: 'EMP-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otro usuario ya tiene este IS (número de empleado)')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    cleanup();
    await i18n.changeLanguage('en');
    renderWithProviders(<IsForm user={maria} onDone={onDone} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another user already has this IS (employee id)')).toBeTruthy();
  });
});

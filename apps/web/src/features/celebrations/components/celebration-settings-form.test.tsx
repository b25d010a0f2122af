import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_CELEBRATIONS } from '@rewards/shared/celebration-rules';
import type { I18n } from '@/lib/use-translation';
import celebrationsEn from '@/locales/en/celebrations.json';
import celebrationsEs from '@/locales/es/celebrations.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import type { CelebrationSettings } from '../api/types';
import { CelebrationSettingsForm } from './celebration-settings-form';
import { draftOf, validateSettings, valuesOf } from './settings-draft';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ celebrations: { en: celebrationsEn, es: celebrationsEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

const settings: CelebrationSettings = {
  storeId: 2,
  ...DEFAULT_CELEBRATIONS,
  milestones: { 5: 500, 10: 1000 },
  defaults: { ...DEFAULT_CELEBRATIONS.defaults },
  budgetId: null,
  updatedAt: null,
};

/** The store's open store-scope budgets, as GET /api/budgets?storeId=2&scope=store answers them. */
const storeBudget = (id: number, available: number) => ({
  id,
  scope: 'store',
  storeId: 2,
  storeName: 'Centro',
  department: null,
  manager: null,
  amount: 1000,
  period: 'month',
  reload: true,
  periodStart: '2026-03-01',
  periodEnd: '2026-03-31',
  available,
  reserved: 0,
  spentThisPeriod: 1000 - available,
  closedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  canSpend: true,
  canManage: true,
});
const budgetsPage = { data: [storeBudget(7, 600), storeBudget(9, 1000)], page: 1, pageSize: 100, totalPages: 1, totalCount: 2 };

describe('a store’s celebration settings', () => {
  it('shows the settings, checks the numbers before sending, and saves every setting', async () => {
    const calls = fakeApi((call) =>
      call.path === '/budgets'
        ? [200, budgetsPage]
        : [200, { data: { ...(call.body as object), storeId: 2, updatedAt: '2026-03-02T15:00:00.000Z' } }],
    );
    const puts = () => calls.filter((c) => c.method === 'PUT');
    renderWithProviders(<CelebrationSettingsForm storeId={2} settings={settings} />, i18n);
    expect((screen.getByTestId('celebration-localHour') as HTMLSelectElement).value).toBe('8');
    expect((screen.getByLabelText('Años del hito 2') as HTMLInputElement).value).toBe('10');
    const save = screen.getByTestId('celebration-settings-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByTestId('celebration-birthdayPoints'), { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('Años del hito 2'), { target: { value: '5' } });
    fireEvent.click(save);
    expect(await screen.findByText('Escribe un número entero de 0 a 100,000.')).toBeTruthy();
    expect(screen.getByText('Esos años ya tienen un hito.')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(screen.getByTestId('celebration-birthdayPoints'), { target: { value: '75' } });
    fireEvent.change(screen.getByLabelText('Años del hito 2'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('celebration-add-milestone'));
    fireEvent.change(screen.getByLabelText('Años del hito 3'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Puntos del hito 3'), { target: { value: '150' } });
    fireEvent.click(screen.getByLabelText('El 1 de marzo'));
    fireEvent.change(screen.getByTestId('celebration-localHour'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('celebration-default-anniversary'), { target: { value: 'private' } });
    fireEvent.click(save);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Configuración guardada'));
    expect(puts()[0]).toMatchObject({ method: 'PUT', path: '/celebrations/stores/2/settings' });
    expect(puts()[0]!.body).toEqual({
      localHour: 0,
      birthdayPoints: 75,
      anniversaryPoints: 100,
      welcomePoints: 100,
      milestones: { 1: 150, 5: 500, 15: 1000 },
      feb29: 'mar1',
      headsUpDays: 3,
      defaults: { birthday: 'public', anniversary: 'private', welcome: 'public' },
      budgetId: null,
    });
  });

  it('lists the store’s open store budgets to pay the celebrations from, or none; a refused budget is told at the select', async () => {
    const calls = fakeApi((call) =>
      call.path === '/budgets'
        ? [200, budgetsPage]
        : call.body && (call.body as { budgetId: number | null }).budgetId === 9
          ? [422, { statusCode: 422, code: 'CELEBRATION_BUDGET_INVALID', message: 'x', requestId: 'r' }]
          : [200, { data: { ...(call.body as object), storeId: 2, updatedAt: '2026-03-02T15:00:00.000Z' } }],
    );
    renderWithProviders(<CelebrationSettingsForm storeId={2} settings={settings} />, i18n);
    const select = screen.getByTestId('celebration-budget') as HTMLSelectElement;
    expect(select.value).toBe('');
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.text)).toEqual([
      'Ninguno (no se descuenta de un presupuesto)',
      'Presupuesto n.º 7 · mensual 1,000 (600 disponibles)',
      'Presupuesto n.º 9 · mensual 1,000 (1,000 disponibles)',
    ]);
    const budgetCall = calls.find((c) => c.path === '/budgets')!;
    expect([budgetCall.query.get('storeId'), budgetCall.query.get('scope')]).toEqual(['2', 'store']);

    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('celebration-settings-save'));
    expect(
      await screen.findByText('Las celebraciones solo pueden pagarse con un presupuesto de tienda abierto de esta misma tienda'),
    ).toBeTruthy();

    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('celebration-settings-save'));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { budgetId: number | null }).budgetId)).toEqual([9, 7]);
    expect(select.value).toBe('7');
  });

  it('puts the server’s refusal next to its field, in English too', async () => {
    await i18n.changeLanguage('en');
    fakeApi((call) =>
      call.path === '/budgets'
        ? [200, budgetsPage]
        : [
            400,
            {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'x',
              requestId: 'r',
              details: [{ field: 'body.headsUpDays', message: 'Too big: expected number to be <=30' }],
            },
          ],
    );
    renderWithProviders(<CelebrationSettingsForm storeId={2} settings={settings} />, i18n);
    expect(screen.getByText('Days of notice for managers')).toBeTruthy();
    fireEvent.change(screen.getByTestId('celebration-headsUpDays'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('celebration-settings-save'));
    const field = screen.getByTestId('celebration-headsUpDays');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });

  it('keeps the bounds of the database’s checks', () => {
    const d = draftOf(settings);
    expect(validateSettings({ ...d, headsUpDays: '31' }).fields).toEqual({ headsUpDays: 'range' });
    expect(validateSettings({ ...d, localHour: '24' }).fields).toEqual({ localHour: 'range' });
    expect(validateSettings({ ...d, welcomePoints: '1.5' }).fields).toEqual({ welcomePoints: 'range' });
    expect(valuesOf(d)).toEqual({ ...DEFAULT_CELEBRATIONS, milestones: { 5: 500, 10: 1000 }, budgetId: null });
  });
});

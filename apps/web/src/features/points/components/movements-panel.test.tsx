import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProgramCalendar } from '@rewards/shared/program';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import { MovementsPanel } from './movements-panel';
import { periodOf } from './period-picker';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calendar: ProgramCalendar = {
  timeZone: 'America/Mexico_City',
  today: '2025-03-10',
  year: { from: '2024-10-16', to: '2025-10-15' },
  accrual: { from: '2024-10-16', to: '2025-09-30', open: true, closesAt: '2025-10-01T06:00:00.000Z' },
  redemption: { from: '2024-10-16', to: '2025-10-15', open: true, closesAt: '2025-10-16T06:00:00.000Z' },
  expiresOn: '2025-10-16',
  expired: false,
};

describe('periodOf', () => {
  it('turns each preset into days of the program calendar', () => {
    expect(periodOf('year', {}, calendar)).toEqual({ from: '2024-10-16' });
    expect(periodOf('days30', {}, calendar)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(periodOf('all', { from: '2025-01-01' }, calendar)).toEqual({});
    expect(periodOf('custom', { from: '2025-01-01' }, calendar)).toEqual({ from: '2025-01-01' });
    // The program year needs the calendar: nothing is asked before it arrives.
    expect(periodOf('year', {}, undefined)).toBeUndefined();
  });
});

describe('MovementsPanel', () => {
  const movementCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/accounts/myMovements');
  const lastPeriod = (calls: FakeCall[]) => {
    const q = movementCalls(calls).at(-1)!.query;
    return { from: q.get('from'), to: q.get('to'), page: q.get('page') };
  };
  function serve() {
    return fakeApi((c) =>
      c.path === '/program'
        ? [200, { data: calendar }]
        : [
            200,
            {
              data: [
                {
                  id: 1,
                  value: 300,
                  kind: 'load',
                  description: 'Reconocimiento',
                  refType: null,
                  refId: null,
                  createdAt: '2025-03-01T12:00:00Z',
                },
              ],
              page: 1,
              pageSize: 10,
              totalCount: 1,
              totalPages: 1,
            },
          ],
    );
  }

  it('starts with the program year, then follows the chosen preset', async () => {
    const calls = serve();
    renderWithProviders(<MovementsPanel />, i18n);
    expect(await screen.findByText('Reconocimiento')).toBeTruthy();
    expect(movementCalls(calls)).toHaveLength(1);
    expect(lastPeriod(calls)).toEqual({ from: '2024-10-16', to: null, page: '1' });
    expect(screen.getByRole('radio', { name: 'Este año del programa' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('radio', { name: 'Últimos 30 días' }));
    await waitFor(() => expect(lastPeriod(calls)).toEqual({ from: '2025-02-09', to: '2025-03-10', page: '1' }));
    expect(screen.getByRole('radio', { name: 'Últimos 30 días' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    await waitFor(() => expect(lastPeriod(calls)).toEqual({ from: null, to: null, page: '1' }));
    expect(screen.queryByLabelText('Desde')).toBeNull();
  });

  it('refuses a reversed custom range before asking, and blocks the statement', async () => {
    const calls = serve();
    renderWithProviders(<MovementsPanel />, i18n);
    await screen.findByText('Reconocimiento');
    fireEvent.click(screen.getByRole('radio', { name: 'Personalizado' }));
    expect(screen.getByLabelText('Desde').getAttribute('data-max')).toBe('2025-03-10');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-02-01' } });
    await waitFor(() => expect(lastPeriod(calls)).toEqual({ from: '2025-02-01', to: null, page: '1' }));
    const asked = movementCalls(calls).length;

    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-01-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('La fecha de inicio debe ser igual o anterior a la fecha final.');
    expect(screen.getByLabelText('Hasta').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('download-statement') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('movements')).toBeNull();
    expect(movementCalls(calls)).toHaveLength(asked);

    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2025-02-28' } });
    await waitFor(() => expect(lastPeriod(calls)).toEqual({ from: '2025-02-01', to: '2025-02-28', page: '1' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByTestId('download-statement') as HTMLButtonElement).disabled).toBe(false);
  });
});

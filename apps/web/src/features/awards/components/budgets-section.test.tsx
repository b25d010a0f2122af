import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import awardsEn from '@/locales/en/awards.json';
import awardsEs from '@/locales/es/awards.json';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders, type FakeCall } from '@/test/render';
import type { Budget } from '../api/types';
import { budget, fakePicker, list, marta } from '../test/fixtures';
import { BudgetsSection } from './budgets-section';
import { RulesForm, rulesProblems } from './rules-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ awards: { en: awardsEn, es: awardsEs } });
  await i18n.changeLanguage('en');
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

const stores = [
  { id: 1, title: 'Centro' },
  { id: 2, title: 'Norte' },
];
const dialog = () => within(screen.getByRole('dialog'));
const rows = () => screen.getAllByTestId('budget-row');

function server(budgets: Budget[]) {
  return fakeApi((c: FakeCall): [number, unknown] => {
    if (c.method === 'POST') {
      const b = budget(9, { ...(c.body as Partial<Budget>), storeName: 'Norte' });
      budgets.unshift(b);
      return [201, { data: b }];
    }
    if (c.method === 'PUT') {
      const id = Number(c.path.split('/')[2]);
      const i = budgets.findIndex((b) => b.id === id);
      budgets[i] = {
        ...budgets[i]!,
        ...((c.body as { closed?: boolean }).closed ? { closedAt: '2026-03-05T00:00:00.000Z', available: 0 } : {}),
      };
      return [200, { data: budgets[i] }];
    }
    if (/^\/budgets\/\d+$/.test(c.path))
      return [
        200,
        {
          data: {
            ...budgets[0]!,
            movements: list([
              {
                id: 2,
                kind: 'reserved',
                available: -800,
                reserved: 800,
                awardId: 4,
                periodStart: '2026-03-01',
                by: marta,
                createdAt: '2026-03-02T10:00:00.000Z',
              },
              {
                id: 1,
                kind: 'funded',
                available: 5000,
                reserved: 0,
                awardId: null,
                periodStart: '2026-03-01',
                by: null,
                createdAt: '2026-03-01T10:00:00.000Z',
              },
            ]),
          },
        },
      ];
    return [200, list(budgets.filter((b) => c.query.get('closed') === 'true' || !b.closedAt))];
  });
}

describe('the budgets', () => {
  it('lists each budget with what it has; movements on demand', async () => {
    const calls = server([
      budget(1, { available: 4200, reserved: 800 }),
      budget(2, { scope: 'department', department: 'Ventas', canManage: false }),
    ]);
    renderWithProviders(<BudgetsSection stores={stores} storeId={1} renderPicker={fakePicker([marta])} />, i18n);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls[0]!.query.get('storeId')).toBe('1');
    const [first, second] = rows().map((r) => within(r));
    expect(first!.getByText('Whole store')).toBeTruthy();
    expect(first!.getByText('4,200')).toBeTruthy();
    expect(second!.getByText('Department: Ventas')).toBeTruthy();
    expect(second!.queryByRole('button', { name: /Close/ })).toBeNull();
    fireEvent.click(first!.getByRole('button', { name: 'Movements of Whole store' }));
    await waitFor(() => expect(dialog().getAllByTestId('budget-movement')).toHaveLength(2));
    expect(dialog().getByText('Reserved for an award')).toBeTruthy();
    expect(dialog().getByText('−800')).toBeTruthy();
    expect(dialog().getByText('+5,000')).toBeTruthy();
  });

  it("creates a manager's budget with the manager picked from the people search", async () => {
    const calls = server([]);
    renderWithProviders(<BudgetsSection stores={stores} renderPicker={fakePicker([marta])} />, i18n);
    expect(await screen.findByTestId('budgets-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New budget' }));
    fireEvent.change(dialog().getByLabelText('Store'), { target: { value: '2' } });
    fireEvent.change(dialog().getByLabelText('Who spends it'), { target: { value: 'manager' } });
    fireEvent.change(dialog().getByLabelText('Amount per period (points)'), { target: { value: '2000' } });
    fireEvent.change(dialog().getByLabelText('Period'), { target: { value: 'quarter' } });
    fireEvent.click(dialog().getByRole('button', { name: 'New budget' }));
    expect(await dialog().findByText('Choose the manager')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'pick Marta' }));
    fireEvent.click(dialog().getByRole('button', { name: 'New budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/budgets',
      body: { scope: 'manager', storeId: 2, managerId: marta.id, amount: 2000, period: 'quarter', reload: true },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('closes a budget only after the confirmation, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const calls = server([budget(1, { available: 1200 })]);
    renderWithProviders(<BudgetsSection stores={stores} renderPicker={fakePicker([])} />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar Toda la tienda' }));
    expect(dialog().getByText(/Sus 1.200 puntos disponibles se dan de baja/)).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar Toda la tienda' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Cerrar el presupuesto' }));
    await waitFor(() => expect(screen.queryAllByTestId('budget-row')).toHaveLength(0));
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([{ path: '/budgets/1', body: { closed: true } }]);
  });

  it('changes the amount of a budget', async () => {
    const calls = server([budget(1)]);
    renderWithProviders(<BudgetsSection stores={stores} renderPicker={fakePicker([])} />, i18n);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Whole store' }));
    const amount = dialog().getByLabelText('Amount per period (points)') as HTMLInputElement;
    expect(amount.value).toBe('5000');
    fireEvent.change(amount, { target: { value: '3000' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([{ path: '/budgets/1', body: { amount: 3000, reload: true } }]);
  });
});

describe('the approval rules', () => {
  it('checks them as the server does', () => {
    const ok = { firstThreshold: '500', secondThreshold: '2000', levels: '2', reminderDays: '3', escalationDays: '7' };
    expect(rulesProblems(ok)).toEqual({});
    expect(rulesProblems({ ...ok, secondThreshold: '100' })).toEqual({ secondThreshold: { key: 'second' } });
    expect(rulesProblems({ ...ok, escalationDays: '3' })).toEqual({ escalationDays: { key: 'escalation' } });
    expect(rulesProblems({ ...ok, levels: '5', reminderDays: '1.5' })).toMatchObject({
      levels: { max: 4 },
      reminderDays: { key: 'range' },
    });
  });

  it("shows a store's rules and saves them", async () => {
    const rules = {
      storeId: 1,
      firstThreshold: 500,
      secondThreshold: 2000,
      levels: 2,
      reminderDays: 3,
      escalationDays: 7,
      updatedAt: null,
    };
    const calls = fakeApi((c) => [
      200,
      { data: c.method === 'PUT' ? { ...rules, ...(c.body as object), updatedAt: '2026-03-05T10:00:00.000Z' } : rules },
    ]);
    renderWithProviders(<RulesForm storeId={1} />, i18n);
    expect(await screen.findByText('The defaults: never saved for this store.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Escalation after (days)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText('More days than the reminder')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Escalation after (days)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Levels (1-4)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(await screen.findByText(/^Saved /)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([
      {
        path: '/approvals/stores/1/rules',
        body: { firstThreshold: 500, secondThreshold: 2000, levels: 3, reminderDays: 3, escalationDays: 10 },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Approval rules saved');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import rewardsEn from '@/locales/en/rewards.json';
import rewardsEs from '@/locales/es/rewards.json';
import { ApiError } from '@/lib/api';
import { createTestI18n, polyfillDialog } from '@/test/render';
import { ConfirmActionDialog, useConfirmAction, type RowAction } from './confirm-action';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ rewards: { en: rewardsEn, es: rewardsEs } });
  polyfillDialog();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A row with its delete and deactivate buttons, confirmed as the rewards panel does it. */
function Row({ run, onDone }: { run: (p: { id: number; action: RowAction }) => Promise<unknown>; onDone?: () => void }) {
  const confirm = useConfirmAction(run, { ns: 'rewards', onDone });
  return (
    <>
      <button type="button" onClick={() => confirm.setPending({ id: 7, name: 'Voluntariado', action: 'delete' })}>
        row delete
      </button>
      <button type="button" onClick={() => confirm.setPending({ id: 7, name: 'Voluntariado', action: 'activate' })}>
        row activate
      </button>
      <ConfirmActionDialog confirm={confirm} ns="rewards" kind="Reward" labels="actions" />
    </>
  );
}

const renderRow = (props: Parameters<typeof Row>[0]) =>
  render(
    <I18nProvider i18n={i18n}>
      <Row {...props} />
    </I18nProvider>,
  );

describe('useConfirmAction with ConfirmActionDialog', () => {
  it('asks with the texts of the namespace, runs once confirmed, toasts the success and closes', async () => {
    const run = vi.fn(async () => ({}));
    renderRow({ run });
    fireEvent.click(screen.getByRole('button', { name: 'row delete' }));
    expect(screen.getByRole('heading', { name: '¿Eliminar?' })).toBeTruthy();
    expect(screen.getByText(/Voluntariado/)).toBeTruthy();
    const button = screen.getByTestId('confirm-button');
    expect(button.textContent).toBe('Eliminar');
    fireEvent.click(button);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Eliminado'));
    expect(run).toHaveBeenCalledWith({ id: 7, action: 'delete' });
    await waitFor(() => expect(screen.queryByTestId('confirm-button')).toBeNull());
  });

  it('toasts the error text of a failure and closes', async () => {
    renderRow({ run: async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'gone')) });
    fireEvent.click(screen.getByRole('button', { name: 'row activate' }));
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No encontrado'));
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('confirm-button')).toBeNull());
  });

  it('leaves the toast to onDone when given', async () => {
    const onDone = vi.fn();
    renderRow({ run: async () => ({ data: 1 }), onDone });
    fireEvent.click(screen.getByRole('button', { name: 'row activate' }));
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ data: 1 }, { id: 7, name: 'Voluntariado', action: 'activate' }));
    expect(toast.success).not.toHaveBeenCalled();
  });
});

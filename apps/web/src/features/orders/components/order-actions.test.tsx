import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { OrderStatus } from '@rewards/shared/enums';
import type { Order } from '@rewards/shared/orders';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders } from '@/test/render';
import { OrderActions } from './order-actions';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  polyfillDialog();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const order = (status: number): Order => ({
  id: 3,
  userId: 6,
  customer: { name: 'Ana', email: 'ana@rewards.test' },
  storeId: 1,
  status,
  total: 500,
  comment: null,
  archived: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  lines: [],
  tracking: [],
});
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
const ok = (status: number): [number, unknown] => [200, { data: { ...order(status) } }];

describe('OrderActions', () => {
  it('offers only the moves the status allows', () => {
    fakeApi(() => ok(1));
    const { unmount } = renderWithProviders(<OrderActions order={order(OrderStatus.Pending)} />, i18n);
    expect(buttons()).toEqual(['Aprobar', 'Cancelar pedido']);
    unmount();
    renderWithProviders(<OrderActions order={order(OrderStatus.InProgress)} />, i18n);
    expect(buttons()).toEqual(['Marcar en camino', 'Cancelar pedido']);
    cleanup();
    renderWithProviders(<OrderActions order={order(OrderStatus.OnTheWay)} />, i18n);
    expect(buttons()).toEqual(['Marcar entregado', 'Cancelar pedido']);
    cleanup();
    for (const done of [OrderStatus.Completed, OrderStatus.Canceled]) {
      renderWithProviders(<OrderActions order={order(done)} />, i18n);
      expect(buttons()).toEqual([]);
      expect(screen.queryByPlaceholderText('Comentario para el cliente (opcional)')).toBeNull();
      cleanup();
    }
  });

  it('moves the order with the comment and says so', async () => {
    const calls = fakeApi(() => ok(2));
    renderWithProviders(<OrderActions order={order(OrderStatus.Pending)} />, i18n);
    fireEvent.change(screen.getByPlaceholderText('Comentario para el cliente (opcional)'), { target: { value: 'Listo en recepción' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pedido movido a: Aprobado'));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/orders/3', body: { status: 2, comment: 'Listo en recepción' } });
  });

  it('cancels only with a cause of 3 characters or more', async () => {
    const calls = fakeApi(() => ok(5));
    renderWithProviders(<OrderActions order={order(OrderStatus.InProgress)} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    const confirm = screen.getByTestId('confirm-button') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('cancel-cause'), { target: { value: 'no' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('cancel-cause'), { target: { value: '  Sin existencias  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ status: 5, cause: 'Sin existencias' });
  });

  it('shows a refused move as an error in the reader language', async () => {
    fakeApi(() => [409, { statusCode: 409, code: 'INVALID_STATUS_MOVE', message: 'x', requestId: 'r' }]);
    await i18n.changeLanguage('en');
    renderWithProviders(<OrderActions order={order(OrderStatus.Pending)} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The order cannot move to that status from its current one'));
    expect(toast.success).not.toHaveBeenCalled();
    await i18n.changeLanguage('es');
  });
});

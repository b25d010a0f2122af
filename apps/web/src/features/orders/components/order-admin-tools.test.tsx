import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OrderStatus } from '@rewards/shared/enums';
import type { Order, OrderTracking } from '@rewards/shared/orders';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders } from '@/test/render';
import { OrderAdminTools } from './order-admin-tools';
import { OrderTimeline } from './order-timeline';

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

const order = (status: number, archived = false): Order => ({
  id: 9,
  userId: 6,
  customer: { name: 'Ana', email: 'ana@rewards.test' },
  storeId: 1,
  status,
  total: 300,
  comment: null,
  archived,
  createdAt: '2026-03-01T10:00:00.000Z',
  lines: [{ id: 1, productId: 2, name: 'Termo', nameEn: '', picture: null, quantity: 3, price: 100, status }],
  tracking: [],
});
const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('OrderAdminTools', () => {
  it('offers edit until delivery, archive or restore always, delete only once canceled', () => {
    fakeApi(() => [200, { data: order(1) }]);
    renderWithProviders(<OrderAdminTools order={order(OrderStatus.Pending)} />, i18n);
    expect(buttons()).toEqual(['Modificar pedido', 'Archivar']);
    cleanup();
    renderWithProviders(<OrderAdminTools order={order(OrderStatus.Completed, true)} />, i18n);
    expect(buttons()).toEqual(['Restaurar']);
    expect(screen.getByTestId('archived-badge').textContent).toBe('Archivado');
    cleanup();
    renderWithProviders(<OrderAdminTools order={order(OrderStatus.Canceled)} />, i18n);
    expect(buttons()).toEqual(['Archivar', 'Eliminar pedido']);
  });

  it('archives after a confirmation, and deletes a canceled order after another', async () => {
    const calls = fakeApi(() => [200, { data: order(5) }]);
    const onDeleted = vi.fn();
    renderWithProviders(<OrderAdminTools order={order(OrderStatus.Canceled)} onDeleted={onDeleted} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'Archivar' }));
    expect(screen.getByRole('heading', { name: '¿Archivar el pedido #9?' })).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pedido archivado'));
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/orders/deactivate/9' });

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar pedido' }));
    expect(screen.getByText(/Sus movimientos de puntos y de stock se conservan/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/orders/delete/9' });
  });

  it('says why a delete was refused', async () => {
    fakeApi(() => [409, { statusCode: 409, code: 'ORDER_NOT_CANCELED', message: 'x', requestId: 'r' }]);
    renderWithProviders(<OrderAdminTools order={order(OrderStatus.Canceled)} />, i18n);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar pedido' }));
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining('cancélalo primero')));
  });
});

describe('OrderTimeline', () => {
  const steps: OrderTracking[] = [
    { id: 1, status: 1, cause: 'created', comment: null, by: 'Ana López', edit: null, createdAt: '2026-03-01T10:00:00.000Z' },
    {
      id: 2,
      status: 1,
      cause: 'Solo queda uno',
      comment: 'Pasa por recepción',
      by: 'Admin Tienda',
      edit: {
        points: 200,
        changes: {
          lines: [
            { lineId: 1, productId: 2, name: 'Termo', nameEn: '', from: 3, to: 1 },
            { lineId: 3, productId: 4, name: 'Gorra', nameEn: '', from: 1, to: 0 },
          ],
          comment: { from: null, to: 'Pasa por recepción' },
        },
      },
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ];

  it('shows an edit with who, why and what, for administrators and (in one line) for the customer', () => {
    renderWithProviders(<OrderTimeline steps={steps} label="Seguimiento" />, i18n);
    const edit = screen.getByTestId('timeline-edit');
    expect(within(edit).getByText('Pedido modificado')).toBeTruthy();
    expect(edit.textContent).toContain('por Admin Tienda');
    expect(edit.textContent).toContain('Motivo: Solo queda uno');
    expect(edit.textContent).toContain('Termo: 3 → 1 · Gorra: retirado · comentario actualizado · 200 puntos devueltos');
    expect(edit.textContent).toContain('“Pasa por recepción”');
    cleanup();
    renderWithProviders(<OrderTimeline steps={steps} label="Seguimiento" compact />, i18n);
    const items = within(screen.getByRole('list', { name: 'Seguimiento' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.split(' · ')[0])).toEqual(['Pendiente', 'Pedido modificado']);
    expect(items[1]!.textContent).toContain('Solo queda uno');
    expect(items[1]!.textContent).toContain('200 puntos devueltos');
  });
});

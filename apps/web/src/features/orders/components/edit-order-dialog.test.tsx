import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Order } from '@rewards/shared/orders';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders } from '@/test/render';
import { EditOrderDialog } from './edit-order-dialog';
import { pointsDifference } from './edit-order-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

const line = (id: number, productId: number, name: string, quantity: number, price: number) => ({
  id,
  productId,
  name,
  nameEn: '',
  picture: null,
  quantity,
  price,
  status: 1,
});
const order: Order = {
  id: 7,
  userId: 6,
  customer: { name: 'Ana', email: 'ana@rewards.test' },
  storeId: 1,
  status: 1,
  total: 450,
  comment: null,
  archived: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  lines: [line(11, 101, 'Termo', 2, 100), line(12, 102, 'Gorra', 1, 250)],
  tracking: [],
};

/** Opens the dialog and waits for its form (loaded with the dialog's first opening). */
async function open(onClose = vi.fn()) {
  renderWithProviders(<EditOrderDialog order={order} open onClose={onClose} />, i18n);
  await screen.findByTestId('edit-order-form');
  return onClose;
}
const quantity = (name: string) => screen.getByLabelText(`Cantidad de ${name}`);
const save = () => screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
const difference = () => screen.getByTestId('edit-difference').textContent;
const error = (status: number, code: string, details?: unknown): [number, unknown] => [
  status,
  { statusCode: status, code, message: 'x', details, requestId: 'r' },
];

describe('EditOrderDialog', () => {
  it('shows the points difference before saving, and saves only when something changes', async () => {
    fakeApi(() => [201, { data: order }]);
    await open();
    expect(difference()).toBe('Sin diferencia de puntos');
    expect(save().disabled).toBe(true);
    fireEvent.change(quantity('Termo'), { target: { value: '1' } });
    expect(difference()).toBe('El cliente recibe 100 puntos de vuelta');
    expect(save().disabled).toBe(false);
    fireEvent.change(quantity('Termo'), { target: { value: '4' } });
    expect(difference()).toBe('Se cobran 200 puntos más al cliente');
    // Removing the gorra refunds 250: 50 back in all.
    fireEvent.click(screen.getAllByRole('button', { name: 'Quitar' })[1]!);
    expect((quantity('Gorra') as HTMLInputElement).value).toBe('0');
    expect(difference()).toBe('El cliente recibe 50 puntos de vuelta');
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect((quantity('Gorra') as HTMLInputElement).value).toBe('1');
  });

  it('asks for the reason, then sends the changed lines only and closes', async () => {
    const calls = fakeApi(() => [201, { data: order }]);
    const onClose = await open();
    fireEvent.change(quantity('Termo'), { target: { value: '1' } });
    fireEvent.click(save());
    expect(await screen.findByText('Campo obligatorio')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Motivo del cambio'), { target: { value: 'Solo queda uno' } });
    fireEvent.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/orders/edit',
      body: { orderId: 7, lines: [{ lineId: 11, quantity: 1 }], reason: 'Solo queda uno' },
    });
    expect(calls[0]!.body).not.toHaveProperty('comment');
    expect(toast.success).toHaveBeenCalledWith('Pedido modificado');
  });

  it('shows the server’s refusals where they belong: a line, the reason, the difference', async () => {
    let answer = error(400, 'VALIDATION_FAILED', [
      { field: 'body.lines.0.quantity', message: 'Too long!', code: 'too_big' },
      { field: 'body.reason', message: 'Too short!', code: 'too_small' },
    ]);
    fakeApi(() => answer);
    const onClose = await open();
    fireEvent.change(quantity('Gorra'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Motivo del cambio'), { target: { value: 'Uno más' } });
    fireEvent.click(save());
    // The only line sent (index 0) is the gorra's.
    await waitFor(() => expect(quantity('Gorra').getAttribute('aria-invalid')).toBe('true'));
    expect(quantity('Termo').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('¡Muy corto!')).toBeTruthy();

    // Refusals worded for the administrator: the customer's name and balance, the product and its stock.
    answer = error(422, 'CUSTOMER_NOT_ENOUGH_POINTS', { userId: 7, name: 'Ana', total: 250, balance: 120 });
    fireEvent.click(save());
    expect(
      await screen.findByText('Ana no tiene puntos suficientes para este cambio: requiere 250 puntos más y su saldo actual es de 120'),
    ).toBeTruthy();

    answer = error(422, 'STOCK_BELOW_ZERO', { productId: 102, name: 'Gorra', stock: 0, delta: -1 });
    fireEvent.click(save());
    expect(await screen.findByText('Este cambio dejaría a Gorra con stock negativo (stock actual 0)')).toBeTruthy();

    answer = error(409, 'ORDER_NOT_EDITABLE', { status: 4 });
    fireEvent.click(save());
    expect(await screen.findByText('Un pedido entregado o cancelado ya no se puede modificar')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps at least one line: removing them all asks to cancel instead', async () => {
    const calls = fakeApi(() => [201, { data: order }]);
    await open();
    for (const button of screen.getAllByRole('button', { name: 'Quitar' })) fireEvent.click(button);
    fireEvent.change(screen.getByLabelText('Motivo del cambio'), { target: { value: 'Todo fuera' } });
    fireEvent.click(save());
    expect(await screen.findByText(/para quitarlos todos, cancélalo/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('speaks English too', async () => {
    fakeApi(() => [201, { data: order }]);
    await i18n.changeLanguage('en');
    renderWithProviders(<EditOrderDialog order={order} open onClose={vi.fn()} />, i18n);
    expect(screen.getByRole('heading', { name: 'Edit order #7' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Quantity of Termo'), { target: { value: '1' } });
    expect(difference()).toBe('The customer gets 100 points back');
  });
});

describe('pointsDifference', () => {
  it('counts each line at the order’s price; an unreadable quantity counts as unchanged', () => {
    expect(pointsDifference(order, [{ lineId: 11, quantity: 0 }])).toBe(200);
    expect(
      pointsDifference(order, [
        { lineId: 11, quantity: 5 },
        { lineId: 12, quantity: Number.NaN },
      ]),
    ).toBe(-300);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartLine as Line } from '@rewards/shared/orders';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { CartLine, quantityChoices } from './cart-line';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const line = (stock: number, quantity = 1): Line => ({
  id: 7,
  productId: 40,
  quantity,
  product: { name: 'Termo de acero', nameEn: 'Steel thermos', slug: 'termo-de-acero', price: 250, stock, categoryId: 2, picture: null },
});

const renderLine = (l: Line) =>
  renderWithProviders(
    <ul>
      <CartLine line={l} />
    </ul>,
    i18n,
  );
const options = () =>
  within(screen.getByLabelText('Cantidad'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('quantityChoices', () => {
  it('offers 1 up to the stock, never more than 5, and nothing without stock', () => {
    expect(quantityChoices(3)).toEqual([1, 2, 3]);
    expect(quantityChoices(40)).toEqual([1, 2, 3, 4, 5]);
    expect(quantityChoices(0)).toEqual([]);
  });
});

describe('CartLine', () => {
  it('shows the line total and caps the quantities at the stock', () => {
    fakeApi(() => [200, {}]);
    renderLine(line(2, 2));
    expect(options()).toEqual(['1', '2']);
    expect((screen.getByLabelText('Cantidad') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByText('500')).toBeTruthy();
  });

  it('saves a new quantity at once', async () => {
    const calls = fakeApi(() => [200, { data: { id: 7, quantity: 4 } }]);
    renderLine(line(9));
    expect(options()).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '4' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/shoppingCart/7', body: { quantity: 4 } });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says why a change was refused, in the reader language', async () => {
    fakeApi((c) => (c.method === 'PUT' ? [422, { statusCode: 422, code: 'OUT_OF_STOCK', message: 'x', requestId: 'r' }] : [200, {}]));
    renderLine(line(9));
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '5' } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('no hay stock suficiente'));
  });

  it('removes the line', async () => {
    const calls = fakeApi(() => [200, { data: { removed: 1 } }]);
    renderLine(line(9));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/shoppingCart/remove', body: { ids: [7] } });
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Product } from '@rewards/shared/products';
import { UiStateProvider } from '@/components/ui/ui-state';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, polyfillDialog, renderWithProviders } from '@/test/render';
import { BuyNowButton } from './buy-now-button';

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

const product = {
  id: 42,
  name: 'Termo de acero',
  nameEn: 'Steel flask',
  slug: 'termo-de-acero',
  price: 450,
  stock: 9,
  images: [],
} as unknown as Product;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderButton(balance: number, quantity = 2) {
  const calls = fakeApi((call) => (call.method === 'POST' ? [201, { data: { id: 900 } }] : [200, { data: [] }]));
  renderWithProviders(
    <UiStateProvider>
      <BuyNowButton product={product} quantity={quantity} balance={balance} />
      <Where />
    </UiStateProvider>,
    i18n,
    '/product',
  );
  return () => calls.filter((c) => c.method === 'POST');
}
const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
const summary = (id: string) => screen.getByTestId(`summary-${id}`).textContent;

describe('BuyNowButton', () => {
  it('asks first, with the order summed up; cancel and Escape close it and place nothing', async () => {
    const posts = renderButton(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Comprar ahora' }));
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByRole('heading').textContent).toBe('Confirma tu compra');
    expect([summary('product'), summary('quantity'), summary('price'), summary('total'), summary('balance'), summary('after')]).toEqual([
      'Termo de acero',
      '2',
      '450 puntos',
      '900 puntos',
      '2,000 puntos',
      '1,100 puntos',
    ]);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    expect(dialog().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Comprar ahora' }));
    expect(dialog().open).toBe(true);
    fireEvent(dialog(), new Event('cancel', { cancelable: true })); // what the browser sends on Escape
    expect(dialog().open).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toHaveLength(0);
    expect(screen.getByTestId('where').textContent).toBe('/product');
  });

  it('places the order only on confirm, then goes to my orders', async () => {
    const posts = renderButton(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Comprar ahora' }));
    fireEvent.click(screen.getByTestId('confirm-buy-now'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/myOrders'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.path).toBe('/orders');
    expect(posts()[0]!.body).toEqual({ lines: [{ productId: 42, quantity: 2 }] });
    expect(toast.success).toHaveBeenCalledWith('Felicidades, pedido creado');
  });

  it('says when the points are not enough, and does not offer to confirm', async () => {
    const posts = renderButton(500);
    fireEvent.click(screen.getByRole('button', { name: 'Comprar ahora' }));
    expect(within(dialog()).getByRole('alert').textContent).toBe('No tienes suficientes puntos para esta compra.');
    expect((screen.getByTestId('confirm-buy-now') as HTMLButtonElement).disabled).toBe(true);
    expect(posts()).toHaveLength(0);
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    renderButton(2000, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(within(dialog()).getByRole('heading').textContent).toBe('Confirm your purchase');
    expect(summary('product')).toBe('Steel flask');
    expect(summary('after')).toBe('1,550 points');
    expect(within(dialog()).getByRole('button', { name: 'Confirm purchase' })).toBeTruthy();
  });
});

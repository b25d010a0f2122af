import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { WishlistButton } from './wishlist-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('es');
});

/** A wishlist on the server: the product ids in it, by item id. */
function server(items: Map<number, number>) {
  let next = 100;
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/wishlists/') {
      const productId = Number(call.query.get('productId'));
      const data = [...items].filter(([, p]) => p === productId).map(([id, p]) => ({ id, productId: p }));
      return [200, { data, page: 1, pageSize: 1, totalCount: data.length, totalPages: data.length }];
    }
    if (call.method === 'POST' && call.path === '/wishlists/') {
      const { productId } = call.body as { productId: number };
      if ([...items.values()].includes(productId)) return [409, { statusCode: 409, code: 'CONFLICT', message: 'x', requestId: 'r' }];
      items.set(++next, productId);
      return [201, { data: { id: next, productId } }];
    }
    if (call.method === 'DELETE') {
      const id = Number(call.path.split('/').pop());
      if (!items.delete(id)) return [404, { statusCode: 404, code: 'NOT_FOUND', message: 'x', requestId: 'r' }];
      return [200, { data: { id } }];
    }
    return [200, { data: {} }];
  });
}

const button = () => screen.getByTestId('wishlist-button') as HTMLButtonElement;

describe('WishlistButton', () => {
  it('shows whether the product is in the wishlist and toggles it both ways, never asking to add it twice', async () => {
    const items = new Map([[7, 42]]);
    const calls = server(items);
    renderWithProviders(<WishlistButton productId={42} />, i18n);
    await waitFor(() => expect(button().textContent).toBe('Quitar de favoritos'));
    expect(button().dataset.inWishlist).toBe('1');

    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Agregar a favoritos'));
    expect(items.size).toBe(0);
    expect(toast.success).toHaveBeenLastCalledWith('Producto eliminado de mis favoritos');

    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Quitar de favoritos'));
    expect([...items.values()]).toEqual([42]);
    expect(toast.success).toHaveBeenLastCalledWith('Agregado a mis favoritos con éxito');
    // Each click did what the button said: no duplicate add, no refusal.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /wishlists/delete/7',
      'POST /wishlists/',
    ]);
    expect(toast.warning).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('follows a change made in another tab instead of failing', async () => {
    const items = new Map<number, number>();
    server(items);
    renderWithProviders(<WishlistButton productId={42} />, i18n);
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().textContent).toBe('Agregar a favoritos');
    items.set(9, 42); // added elsewhere meanwhile
    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Quitar de favoritos'));
    expect(toast.warning).toHaveBeenCalledWith('El producto ya está en tus favoritos');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    server(new Map([[7, 42]]));
    renderWithProviders(<WishlistButton productId={42} />, i18n);
    await waitFor(() => expect(button().textContent).toBe('Remove from wishlist'));
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { ProductRow } from './product-row';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const product = (id: number) => ({
  id,
  name: `Producto ${id}`,
  nameEn: '',
  slug: `producto-${id}`,
  price: 100 * id,
  stock: 3,
  featured: false,
  images: [],
});

/** An IntersectionObserver that never sees anything: the row stays below the fold. */
function belowTheFold() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
}

describe('ProductRow', () => {
  it('a row of the first screen loads at once, with no skeleton once its products are there', async () => {
    belowTheFold();
    const calls = fakeApi(() => [200, { data: [product(1), product(2)] }]);
    renderWithProviders(<ProductRow kind="featured" title="Destacados" userId={null} firstScreen />, i18n);
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ type: 'featured', limit: '10' });
    expect(screen.getByTestId('row-featured').querySelector('.animate-pulse')).toBeNull();
  });

  it('a row below the fold asks nothing until it nears the screen, holding its place with skeletons', async () => {
    belowTheFold();
    const calls = fakeApi(() => [200, { data: [product(1)] }]);
    renderWithProviders(<ProductRow kind="views" title="Más vistos" userId={null} />, i18n);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('row-views').querySelectorAll('li')).toHaveLength(5);
  });
});

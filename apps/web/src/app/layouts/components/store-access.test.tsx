import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@rewards/shared/users';
import { ApiError } from '@/lib/api';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { createTestI18n, fakeApi } from '@/test/render';
import { StoreAccess } from './store-access';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const stores = [
  { id: 1, title: 'Oficina Ciudad de México', location: 'CDMX', lat: 19.4, long: -99.1, active: true },
  { id: 2, title: 'Oficina Guadalajara', location: 'GDL', lat: 20.6, long: -103.3, active: true },
  { id: 3, title: 'Oficina Monterrey', location: 'MTY', lat: 25.6, long: -100.3, active: true },
];
const admin = { id: 9, name: 'Alberto', role: 2, adminStores: [1, 3] } as unknown as SessionUser;
const superAdmin = { id: 10, name: 'Sofía', role: 3, adminStores: [] } as unknown as SessionUser;

function renderAt(storeId: number, user: SessionUser, child = <p>Inventario de la tienda</p>) {
  fakeApi(() => [200, { data: [] }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, user);
  client.setQueryData(['stores'], { data: stores, page: 1, pageSize: 100, totalCount: 3, totalPages: 1 });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <StoreAccess storeId={storeId} section={(id) => `/admin/inventory/${id}`}>
            {child}
          </StoreAccess>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('StoreAccess', () => {
  it('shows the page of a store the administrator runs, and any store to a super administrator', () => {
    renderAt(3, admin);
    expect(screen.getByText('Inventario de la tienda')).toBeTruthy();
    cleanup();
    renderAt(2, superAdmin);
    expect(screen.getByText('Inventario de la tienda')).toBeTruthy();
  });

  it("says another store's page is not theirs and links the same section of each store they run", async () => {
    renderAt(2, admin);
    expect(screen.queryByText('Inventario de la tienda')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'No administras esta tienda' })).toBeTruthy();
    expect(screen.getByTestId('no-store-access').textContent).toContain('Oficina Guadalajara no es una de las tiendas que administras');
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')!.startsWith('/admin/inventory/'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Oficina Ciudad de México', '/admin/inventory/1'],
      ['Oficina Monterrey', '/admin/inventory/3'],
    ]);
    expect(screen.getByRole('link', { name: 'Ir al panel' }).getAttribute('href')).toBe('/admin/');

    cleanup();
    await i18n.changeLanguage('en');
    renderAt(2, admin);
    expect(screen.getByRole('heading', { level: 1, name: 'You do not run this store' })).toBeTruthy();
    expect(screen.getByTestId('no-store-access').textContent).toContain('Oficina Guadalajara is not one of the stores you run');
  });

  it('says an address that names no store names none', () => {
    renderAt(Number('abc'), admin);
    expect(screen.getByText('Esta dirección no corresponde a ninguna tienda.')).toBeTruthy();
  });

  it('shows the same page when the server refuses one of its reads with FORBIDDEN_STORE', async () => {
    function Refused() {
      useQuery({
        queryKey: ['products', 1],
        queryFn: () => Promise.reject(new ApiError(403, 'FORBIDDEN_STORE', 'No administras esta tienda', { storeId: 1 })),
      });
      return <p>Inventario de la tienda</p>;
    }
    renderAt(1, admin, <Refused />);
    expect(await screen.findByRole('heading', { level: 1, name: 'No administras esta tienda' })).toBeTruthy();
    expect(screen.getByTestId('no-store-access').textContent).toContain('Oficina Ciudad de México no es una de las tiendas');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Store } from '@rewards/shared/stores';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import storesEn from '@/locales/en/stores.json';
import storesEs from '@/locales/es/stores.json';
import { createTestI18n, polyfillDialog } from '@/test/render';
import { DeleteStoreDialog } from './delete-store-dialog';
import { StoreForm } from './store-form';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ stores: { en: storesEn, es: storesEs } });
  polyfillDialog();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const store: Store = {
  id: 1,
  title: 'Oficina Ciudad de México',
  location: 'Paseo de la Reforma 250',
  lat: 19.4326,
  long: -99.1332,
  sedeId: 'CDMX',
  inventoryId: null,
  active: true,
  timeZone: 'America/Mexico_City',
};

function wrap(node: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </I18nProvider>,
  );
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('StoreForm', () => {
  it('requires the name, address and coordinates, and says the range of a coordinate out of bounds', async () => {
    const fetch = answer(201, { data: store });
    wrap(<StoreForm onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Oficina Querétaro' } });
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Av. Tecnológico 100' } });
    fireEvent.change(screen.getByLabelText('Latitud'), { target: { value: '-91' } });
    fireEvent.change(screen.getByLabelText('Longitud'), { target: { value: '181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La latitud debe estar entre -90 y 90')).toBeTruthy();
    expect(screen.getByText('La longitud debe estar entre -180 y 180')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    // No "active" box for a new store.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('creates with numbers and no active flag; edits with it', async () => {
    const fetch = answer(201, { data: store });
    const onDone = vi.fn();
    wrap(<StoreForm onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Oficina Querétaro' } });
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Av. Tecnológico 100' } });
    fireEvent.change(screen.getByLabelText('Latitud'), { target: { value: '20.5888' } });
    fireEvent.change(screen.getByLabelText('Longitud'), { target: { value: '-100.3899' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/stores');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      title: 'Oficina Querétaro',
      location: 'Av. Tecnológico 100',
      lat: 20.5888,
      long: -100.3899,
      sedeId: null,
      inventoryId: null,
    });

    cleanup();
    const put = answer(200, { data: { ...store, active: false } });
    wrap(<StoreForm store={store} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Activa/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    const [putUrl, putInit] = put.mock.calls[0] as unknown as [string, RequestInit];
    expect(putUrl).toBe('/api/stores/1');
    expect(JSON.parse(putInit.body as string)).toMatchObject({ title: store.title, active: false, sedeId: 'CDMX' });
  });

  it("puts the server's field errors next to their fields", async () => {
    answer(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'body.title', message: 'Too long!' }] });
    wrap(<StoreForm store={store} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('¡Muy largo!')).toBeTruthy();
  });
});

describe('StoreForm: the corporate site code', () => {
  it('sends the site code on edit, and says next to it when another store has it (es and en)', async () => {
    const put = answer(409, {
      statusCode: 409,
      code: 'SEDE_ID_TAKEN',
      message: 'x',
      details: [{ field: 'body.sedeId', message: 'Already used by another store', code: 'taken' }],
    });
    wrap(<StoreForm store={store} onDone={vi.fn()} />);
    const site = screen.getByLabelText('Código de sede corporativa (opcional)');
    expect((site as HTMLInputElement).value).toBe('CDMX');
    fireEvent.change(site, { target: { value: 'GDL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra tienda ya tiene este código de sede')).toBeTruthy();
    const [, init] = put.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ sedeId: 'GDL' });
    expect(screen.getByText(/No cambia el stock/)).toBeTruthy();

    cleanup();
    await i18n.changeLanguage('en');
    wrap(<StoreForm store={store} onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Corporate site code (optional)'), { target: { value: 'GDL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another store already has this site code')).toBeTruthy();
  });
});

describe('DeleteStoreDialog', () => {
  it('shows a store in use plainly, with what it holds, and offers to deactivate it instead', async () => {
    answer(409, {
      statusCode: 409,
      code: 'STORE_IN_USE',
      message: 'x',
      details: { users: 5, administrators: 2, products: 40, categories: 15, orders: 0, other: 1 },
    });
    wrap(<DeleteStoreDialog store={store} onClose={vi.fn()} />);
    expect(screen.getByText('¿Eliminar «Oficina Ciudad de México»? No se puede deshacer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Esta tienda tiene usuarios, productos, categorías o pedidos y no se puede eliminar: desactívala');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '5 usuarios',
      '2 administradores asignados',
      '40 productos',
      '15 categorías',
      '1 registro más (banners, reconocimientos, retos, cargas o movimientos de inventario)',
    ]);
    expect(screen.getByRole('heading', { name: 'Esta tienda no se puede eliminar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar en su lugar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    answer(409, {
      statusCode: 409,
      code: 'STORE_IN_USE',
      message: 'x',
      details: { users: 1, administrators: 0, products: 0, categories: 0, orders: 3, other: 0 },
    });
    wrap(<DeleteStoreDialog store={store} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be deleted: deactivate it instead');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 user', '3 orders']);
  });
});

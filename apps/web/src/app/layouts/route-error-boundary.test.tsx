import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { createTestI18n } from '@/test/render';
import { RouteErrorBoundary } from './route-error-boundary';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

function app() {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">fine</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="broken" element={<Broken />} />
            <Route path="fine" element={<p>page works</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>
    </I18nProvider>
  );
}

describe('RouteErrorBoundary', () => {
  it("shows the 'Alerta' with the generic message and a reload, and clears on the next page", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(app());
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('h1')!.textContent).toBe('Alerta');
    expect(alert.textContent).toContain('Algo salió mal de nuestro lado, inténtalo de nuevo');
    fireEvent.click(screen.getByRole('button', { name: 'Recargar la página' }));
    expect(reload).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'fine' }));
    expect(screen.getByText('page works')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('errorText', () => {
  it("reads a failure's code in the reader language, and anything unknown as INTERNAL_ERROR", async () => {
    const t = i18n.t.bind(i18n);
    expect(errorText(t, new ApiError(422, 'NOT_ENOUGH_POINTS', 'x'))).toBe('No tienes suficientes puntos para realizar esta compra');
    expect(errorText(t, new TypeError('boom'))).toBe('Algo salió mal de nuestro lado, inténtalo de nuevo');
    // The client's own failures have their own words (the server is not at fault).
    expect(errorText(t, new ApiError(0, 'NETWORK_ERROR', 'network error'))).toBe(
      'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo',
    );
    await i18n.changeLanguage('en');
    expect(errorText(i18n.t.bind(i18n), new ApiError(409, 'ALREADY_IN_CART', 'x'))).toBe('the product is already in the cart');
    await i18n.changeLanguage('es');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SavedPlace } from '@rewards/shared/places';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import profileEn from '@/locales/en/profile.json';
import profileEs from '@/locales/es/profile.json';
import { createTestI18n, polyfillDialog } from '@/test/render';
import { PlacePanel } from './place-panel';

let i18n: I18n;
beforeAll(async () => {
  polyfillDialog();
  i18n = await createTestI18n({ profile: { en: profileEn, es: profileEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const now = new Date('2026-03-02T15:00:00Z');
const madrid: SavedPlace = {
  latitude: 40.4168,
  longitude: -3.7038,
  countryCode: 'ES',
  countryName: { es: 'España', en: 'Spain' },
  continent: 'EU',
  continentName: { es: 'Europa', en: 'Europe' },
  timeZone: 'Europe/Madrid',
  locatedAt: '2026-03-02T14:30:00.000Z',
};
const atSea: SavedPlace = {
  ...madrid,
  latitude: 30,
  longitude: -45,
  countryCode: null,
  countryName: null,
  continent: null,
  continentName: null,
  timeZone: 'Etc/GMT+3',
};

/** Records the API calls; answers each with `answer(method)`. */
function server(answer: (method: string) => { status: number; body: unknown }) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(method);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A browser whose geolocation answers `result` (a position, or an error code: 1 denied, 2 unavailable). */
function browserPosition(result: { latitude: number; longitude: number } | 1 | 2) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (typeof result === 'number')
      fail({ code: result, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    else ok({ coords: result } as GeolocationPosition);
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

function renderPanel(place: SavedPlace | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PlacePanel place={place} now={now} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('PlacePanel', () => {
  it('shows Madrid as España, Europa, Europe/Madrid and the time there, in Spanish', () => {
    renderPanel(madrid);
    expect(text('place-country')).toBe('España (ES)');
    expect(text('place-continent')).toBe('Europa');
    expect(text('place-time-zone')).toBe('Europe/Madrid');
    // 15:00 UTC is 16:00 in Madrid in winter (UTC+1), not the browser's time.
    expect(text('place-local-time')).toMatch(/^4:00\sp\.\s?m\.\sGMT\+1$/);
    expect(text('place-saved-at')).toMatch(/3:30\sp\.\s?m\./);
  });

  it('shows Spain, Europe in English', async () => {
    await i18n.changeLanguage('en');
    renderPanel(madrid);
    expect(text('place-country')).toBe('Spain (ES)');
    expect(text('place-continent')).toBe('Europe');
    expect(screen.getByRole('heading', { name: 'My location' })).toBeTruthy();
  });

  it('says plainly that a position at sea has no country, and still shows its time zone', () => {
    renderPanel(atSea);
    expect(text('place-country')).toBe('Ningún país en esta posición (en el mar o fuera de todo país)');
    expect(text('place-continent')).toBe('—');
    expect(text('place-time-zone')).toBe('Etc/GMT+3');
    expect(text('place-local-time')).toMatch(/^12:00\sp\.\s?m\.\sGMT-3$/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("with no saved position, says times follow the browser's zone, and saves the browser's current position", async () => {
    const calls = server(() => ({ status: 200, body: { data: madrid } }));
    const ask = browserPosition({ latitude: 40.4168, longitude: -3.7038 });
    renderPanel(null);
    expect(screen.getByTestId('place-empty').textContent).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    fireEvent.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/users/profile/position',
      body: { latitude: 40.4168, longitude: -3.7038 },
    });
  });

  it('explains a refused or unavailable position, and sends nothing', async () => {
    const calls = server(() => ({ status: 200, body: {} }));
    browserPosition(1);
    renderPanel(null);
    fireEvent.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    expect((await screen.findByTestId('place-failure')).textContent).toContain('Tu navegador no nos permitió leer tu ubicación');
    browserPosition(2);
    fireEvent.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    await waitFor(() => expect(text('place-failure')).toContain('no pudo encontrar tu ubicación'));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a position in the user's language", async () => {
    server(() => ({
      status: 400,
      body: { statusCode: 400, code: 'INVALID_COORDINATES', message: 'x', requestId: 'r' },
    }));
    browserPosition({ latitude: 40, longitude: -3 });
    renderPanel(null);
    fireEvent.click(screen.getByRole('button', { name: 'Usar mi ubicación actual' }));
    expect((await screen.findByTestId('place-error')).textContent).toBe(
      'La posición no es válida: la latitud va de -90 a 90 y la longitud de -180 a 180',
    );
  });

  it('forgets the position only after a confirmation', async () => {
    const calls = server(() => ({ status: 200, body: { data: { place: null } } }));
    renderPanel(madrid);
    fireEvent.click(screen.getByRole('button', { name: 'Olvidar mi ubicación' }));
    expect(screen.getByText('¿Olvidar tu ubicación?')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/users/profile/position'));
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductSuggestion } from '@rewards/shared/products';
import type { I18n } from '@/lib/use-translation';
import { matchRanges } from '@/features/products/components/suggestion-list';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import { SearchBox } from './search-box';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

const suggestion = (id: number, name: string, slug: string, price: number, picture: string | null = null): ProductSuggestion => ({
  id,
  name,
  nameEn: '',
  slug,
  price,
  categoryTitle: 'Café de especialidad',
  categoryTitleEn: 'Specialty coffee',
  picture,
});
const coffee = [
  suggestion(1, 'Café molido orgánico', 'cafe-molido-organico', 321, '/uploads/p/1-1200.webp'),
  suggestion(2, 'Café en grano tostado', 'cafe-en-grano-tostado', 1654),
];

/** The API: the store's categories, and `answer` for the suggestions. */
function api(answer: (call: FakeCall) => [number, unknown] = () => [200, { data: coffee }]) {
  const calls = fakeApi((call) =>
    call.path === '/products/suggest/' ? answer(call) : [200, { data: [], totalCount: 0, page: 1, pageSize: 100 }],
  );
  return () => calls.filter((c) => c.path === '/products/suggest/');
}

/** A link-less way to another page, as the app's own links go. */
function Go({ to, label = 'go' }: { to: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {label}
    </button>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBox(label = 'Buscar productos') {
  renderWithProviders(
    <>
      <SearchBox storeId={3} />
      <Where />
    </>,
    i18n,
  );
  return screen.getByRole('combobox', { name: label }) as HTMLInputElement;
}

const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const where = () => screen.getByTestId('where').textContent;
const selected = () =>
  screen
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.textContent);

describe('SearchBox suggestions', () => {
  it('asks once the typing pauses, from two characters, and lists name, category, points and picture', async () => {
    const suggestCalls = api();
    const input = renderBox();
    type(input, 'c');
    type(input, 'ca');
    type(input, 'caf');
    expect(suggestCalls()).toHaveLength(0); // debounced

    const listbox = await screen.findByRole('listbox', { name: 'Sugerencias de búsqueda' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(3));
    expect(suggestCalls()).toHaveLength(1);
    expect(Object.fromEntries(suggestCalls()[0]!.query)).toEqual({ storeId: '3', q: 'caf', limit: '6' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);

    const [first, second, all] = within(listbox).getAllByRole('option');
    expect(first!.textContent).toContain('Café molido orgánico');
    expect(first!.textContent).toContain('Café de especialidad');
    expect(first!.textContent).toContain('321 puntos');
    expect(first!.querySelector('strong')?.textContent).toBe('Caf'); // the typed part, accents aside
    const img = first!.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/uploads/p/1-300.webp', '40', '40']);
    expect(second!.textContent).toContain('1,654 puntos');
    expect(all!.textContent).toBe('Ver todos los resultados para «caf»');
    expect(screen.getByRole('status').textContent).toBe('2 sugerencias');
  });

  it('cancels a request the newer text made stale, and keeps the old list meanwhile', async () => {
    // A slow API: each suggestion request answers after 400 ms unless its signal aborts it first.
    const signals: { q: string; signal: AbortSignal }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://test');
        if (!url.pathname.endsWith('/suggest/')) return Promise.resolve(new Response(JSON.stringify({ data: [] })));
        const signal = init!.signal!;
        signals.push({ q: url.searchParams.get('q')!, signal });
        const data = url.searchParams.get('q') === 'caf' ? coffee : coffee.slice(1);
        return new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(new Response(JSON.stringify({ data }))), 400);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        });
      }),
    );
    const input = renderBox();
    type(input, 'caf');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3), { timeout: 2000 });
    type(input, 'cafe e');
    await waitFor(() => expect(signals).toHaveLength(2));
    type(input, 'cafe en');
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(signals.map((s) => [s.q, s.signal.aborted])).toEqual([
      ['caf', false],
      ['cafe e', true],
      ['cafe en', false],
    ]);
    expect(screen.getAllByRole('option')).toHaveLength(3); // the previous answer, while the new one loads
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2), { timeout: 2000 });
  });

  it('asks nothing under two characters', async () => {
    const suggestCalls = api();
    const input = renderBox();
    type(input, ' c ');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(suggestCalls()).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrows and opens the highlighted product with Enter', async () => {
    api();
    const input = renderBox();
    type(input, 'cafe');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(selected()).toEqual([]);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toEqual([expect.stringContaining('Café en grano tostado')]);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toEqual([expect.stringContaining('Café molido orgánico')]);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // wraps to "see all"
    expect(selected()).toEqual(['Ver todos los resultados para «cafe»']);
    fireEvent.keyDown(input, { key: 'ArrowDown' }); // and back to the first
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false); // handled: no form submission

    expect(where()).toBe('/product?slug=cafe-molido-organico');
    expect(input.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes with Escape and keeps the text; the arrow opens it again', async () => {
    api();
    const input = renderBox();
    type(input, 'cafe');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('cafe');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toEqual([expect.stringContaining('Café molido orgánico')]);
  });

  it('closes on a click outside', async () => {
    api();
    const input = renderBox();
    type(input, 'cafe');
    await screen.findByRole('listbox');
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('cafe');
  });

  it('searches as before on Enter without a highlighted option', async () => {
    api();
    const input = renderBox();
    type(input, '  cafe molido ');
    await screen.findByRole('listbox');
    // Not handled by the combobox, so the browser submits the form.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
    fireEvent.submit(input.form!);
    expect(where()).toBe('/results/cafe%20molido');
    // The search stays in the box on its results page.
    expect(input.value).toBe('cafe molido');
  });

  it('shows the search of a results page opened by its address, and empties on another page', async () => {
    api();
    renderWithProviders(
      <>
        <SearchBox storeId={3} />
        <Where />
        <Go to="/product?slug=termo" />
      </>,
      i18n,
      '/results/caf%C3%A9%20molido',
    );
    const input = screen.getByRole('combobox', { name: 'Buscar productos' }) as HTMLInputElement;
    expect(input.value).toBe('café molido');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(where()).toBe('/product?slug=termo');
    expect(input.value).toBe('');
  });

  it('keeps what was typed on the new page while the router was still rendering the old one', async () => {
    api();
    renderWithProviders(
      <>
        <SearchBox storeId={3} />
        <Where />
        <Go to="/category/termos" />
        <Go to="/category/tazas" label="next" />
      </>,
      i18n,
      '/',
    );
    const input = screen.getByRole('combobox', { name: 'Buscar productos' }) as HTMLInputElement;
    // Typed on the home page, the text goes with it.
    window.history.replaceState(null, '', '/');
    type(input, 'termo');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(where()).toBe('/category/termos');
    expect(input.value).toBe('');
    // Typed once the browser's address is the next page's, before the router shows it: kept.
    window.history.replaceState(null, '', '/category/tazas');
    try {
      type(input, 'café');
      act(() => screen.getByRole('button', { name: 'next' }).click());
      expect(where()).toBe('/category/tazas');
      expect(input.value).toBe('café');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('opens a product or all the results with a click', async () => {
    api();
    const input = renderBox();
    type(input, 'grano');
    fireEvent.click(await screen.findByRole('option', { name: /Café en grano tostado/ }));
    expect(where()).toBe('/product?slug=cafe-en-grano-tostado');

    type(input, 'grano');
    fireEvent.click(await screen.findByRole('option', { name: 'Ver todos los resultados para «grano»' }));
    expect(where()).toBe('/results/grano');
  });

  it('says when nothing matches, in English too', async () => {
    api(() => [200, { data: [] }]);
    await i18n.changeLanguage('en');
    const input = renderBox('Search products');
    type(input, 'zzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No suggestions'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['See all results for “zzz”']);
  });

  it('hides the list when the suggestions fail', async () => {
    const suggestCalls = api(() => [500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' }]);
    const input = renderBox();
    type(input, 'cafe');
    await waitFor(() => expect(suggestCalls()).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('matchRanges', () => {
  it('marks each typed word, ignoring case and accents', () => {
    expect(matchRanges('Café molido orgánico', 'cafe org')).toEqual([
      [0, 4],
      [12, 15],
    ]);
    expect(matchRanges('Cafe', 'CAFÉ')).toEqual([[0, 4]]);
    expect(matchRanges('Termo', 'taza')).toEqual([]);
    expect(matchRanges('Té verde', 'te ver')).toEqual([
      [0, 2],
      [3, 6],
    ]);
  });
});

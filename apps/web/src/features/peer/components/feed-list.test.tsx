import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, fakeApi, renderWithProviders, type FakeCall } from '@/test/render';
import type { Recognition } from '../api/types';
import { FeedList } from './feed-list';

// The realtime connection, stood in for: the test pushes `feed` events to the listeners the list adds.
const live = vi.hoisted(() => ({ listeners: new Map<string, (payload: unknown) => void>(), acquired: 0, released: 0 }));
vi.mock('@/lib/socket', () => ({
  acquireRealtime: () => {
    live.acquired += 1;
    return () => void (live.released += 1);
  },
  onRealtimeEvent: (name: string, listener: (payload: unknown) => void) => {
    live.listeners.set(name, listener);
    return () => live.listeners.delete(name);
  },
}));
// The page settling (components/live-feed.tsx starts the live updates then), stood in for: `settle()` says it did.
const idle = vi.hoisted(() => ({ now: false, listeners: new Set<() => void>() }));
vi.mock('@/lib/use-idle', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useIdle: () =>
      useSyncExternalStore(
        (listener) => {
          idle.listeners.add(listener);
          return () => idle.listeners.delete(listener);
        },
        () => idle.now,
      ),
  };
});
const settle = () =>
  act(() => {
    idle.now = true;
    idle.listeners.forEach((listener) => listener());
  });
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  live.listeners.clear();
  live.acquired = 0;
  idle.now = false;
  await i18n.changeLanguage('es');
});

const ana = { id: 1, name: 'Ana Ruiz', photoUrl: null, office: 'Madrid' };
const luis = { id: 2, name: 'Luis Gómez', photoUrl: null, office: 'Lima' };
const eva = { id: 3, name: 'Eva Paz', photoUrl: null, office: null };
const item = (id: number, over: Partial<Recognition> = {}): Recognition => ({
  id,
  kind: 'recognition',
  years: null,
  giver: ana,
  recipients: [luis, eva],
  points: 10,
  totalPoints: 20,
  message: `Gracias número ${id}`,
  values: [{ id: 5, name: 'Colaboración', nameEn: '', emoji: '🤝', color: '#4f46e5' }],
  private: false,
  createdAt: '2026-11-27T10:00:00Z',
  comments: [],
  commentCount: 0,
  addons: [],
  reactions: [],
  ...over,
});

/** The feed of the server: `items` newest first, two a page; GET one; reactions answer 204 without a body. */
function server(items: Recognition[]) {
  const calls = fakeApi((c: FakeCall): [number, unknown] => {
    if (c.path === '/recognitions') {
      const cursor = Number(c.query.get('cursor') ?? Infinity);
      const rest = items.filter((r) => r.id < cursor);
      const page = rest.slice(0, 2);
      return [200, { data: page, nextCursor: rest.length > 2 ? String(page.at(-1)!.id) : null }];
    }
    const one = /^\/recognitions\/(\d+)$/.exec(c.path);
    if (one) {
      const found = items.find((r) => r.id === Number(one[1]));
      return found ? [200, { data: found }] : [404, { code: 'NOT_FOUND', message: 'no' }];
    }
    if (c.path.includes('/reactions/')) return [200, NO_CONTENT];
    return [404, { code: 'NOT_FOUND', message: 'no' }];
  });
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = await answer(input, init);
    return (await response.clone().text()) === JSON.stringify(NO_CONTENT) ? new Response(null, { status: 204 }) : response;
  });
  return calls;
}
const NO_CONTENT = '(204)';
const shown = () => screen.getAllByTestId('recognition-message').map((m) => m.textContent);
const push = (payload: unknown) => act(() => live.listeners.get('feed')!(payload));

describe('the feed', () => {
  it('shows each recognition: who to whom, points each and in all, message, values; then loads more with the cursor', async () => {
    const calls = server([item(5), item(4), item(3)]);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="vacío" />, i18n, '/feed');
    expect(screen.getAllByTestId('recognition-skeleton')).toHaveLength(3);
    await screen.findByTestId('feed');
    const first = screen.getAllByTestId('recognition')[0]!;
    expect(within(first).getByRole('heading').textContent).toBe('Ana Ruiz reconoció a Luis Gómez, Eva Paz');
    expect(within(first).getByTestId('recognition-points').textContent).toBe('10 puntos a cada uno');
    expect(within(first).getByTestId('recognition-total').textContent).toBe('20 puntos en total');
    // Written only in Spanish: shown in Spanish to an English reader too, marked (checked in English below).
    expect(within(first).getByText('Colaboración')).toBeTruthy();
    expect(shown()).toEqual(['Gracias número 5', 'Gracias número 4']);
    fireEvent.click(screen.getByTestId('feed-more'));
    await waitFor(() => expect(shown()).toEqual(['Gracias número 5', 'Gracias número 4', 'Gracias número 3']));
    expect(calls.filter((c) => c.path === '/recognitions').map((c) => c.query.get('cursor'))).toEqual([null, '4']);
    expect(screen.getByText('No hay más reconocimientos.')).toBeTruthy();
  });

  it('puts a new recognition on top when its live event comes, and refreshes one it shows, without a reload', async () => {
    const items = [item(5), item(4)];
    server(items);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="vacío" />, i18n, '/feed');
    await screen.findByTestId('feed');
    settle();
    await waitFor(() => expect(live.acquired).toBe(1));
    items.unshift(item(6, { message: 'Nuevo' }));
    push({ kind: 'recognition', recognitionId: 6 });
    await waitFor(() => expect(shown()).toEqual(['Nuevo', 'Gracias número 5', 'Gracias número 4']));
    items[2] = item(4, {
      commentCount: 1,
      comments: [{ id: 1, recognitionId: 4, author: luis, message: '¡Bravo!', createdAt: '2026-11-27T11:00:00Z' }],
    });
    push({ kind: 'comment', recognitionId: 4 });
    expect(await screen.findByText('¡Bravo!')).toBeTruthy();
    // One that can no longer be seen leaves the feed.
    items.splice(1, 1);
    push({ kind: 'reaction', recognitionId: 5 });
    await waitFor(() => expect(shown()).toEqual(['Nuevo', 'Gracias número 4']));
  });

  it('goes live only once the page has settled, and then shows what was given meanwhile', async () => {
    const items = [item(5), item(4)];
    const calls = server(items);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="vacío" />, i18n, '/feed');
    await screen.findByTestId('feed');
    // Neither the realtime connection nor its code before the page has settled.
    expect(live.acquired).toBe(0);
    items.unshift(item(6, { message: 'Mientras cargaba' }));
    settle();
    await waitFor(() => expect(shown()).toEqual(['Mientras cargaba', 'Gracias número 5', 'Gracias número 4']));
    expect(live.acquired).toBe(1);
    expect(calls.filter((c) => c.path === '/recognitions').map((c) => c.query.get('cursor'))).toEqual([null, null]);
  });

  it("switches the reader's reactions with PUT and DELETE, counting at once", async () => {
    const calls = server([item(5, { reactions: [{ emoji: 'heart', count: 2, mine: false }] })]);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="vacío" />, i18n, '/feed');
    await screen.findByTestId('feed');
    const clap = screen.getByTestId('reaction-clap');
    expect(screen.getByTestId('reaction-heart').getAttribute('aria-label')).toBe('Me encanta: 2');
    fireEvent.click(clap);
    await waitFor(() => expect(clap.getAttribute('aria-pressed')).toBe('true'));
    expect(clap.getAttribute('aria-label')).toBe('Aplausos: 1');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    fireEvent.click(screen.getByTestId('reaction-clap'));
    await waitFor(() => expect(screen.getByTestId('reaction-clap').getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/recognitions/5/reactions/clap').map((c) => c.method)).toEqual(['PUT', 'DELETE']),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says when there is nothing, and what failed', async () => {
    server([]);
    renderWithProviders(<FeedList filters={{ valueId: 3 }} readerId={9} empty="Ningún reconocimiento coincide." />, i18n, '/feed');
    expect((await screen.findByTestId('feed-empty')).textContent).toBe('Ningún reconocimiento coincide.');
    cleanup();
    fakeApi(() => [500, { code: 'INTERNAL_ERROR', message: 'boom' }]);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="vacío" />, i18n, '/feed');
    expect((await screen.findByTestId('feed-error')).textContent).toContain('No se pudieron cargar los reconocimientos.');
  });

  it('speaks English, with a value written only in Spanish marked as such', async () => {
    await i18n.changeLanguage('en');
    server([item(5, { recipients: [luis], totalPoints: 10 })]);
    renderWithProviders(<FeedList filters={{}} readerId={9} empty="empty" />, i18n, '/feed');
    await screen.findByTestId('feed');
    expect(screen.getByTestId('recognition-points').textContent).toBe('10 points');
    expect(screen.queryByTestId('recognition-total')).toBeNull();
    expect(screen.getByTestId('fallback-mark').textContent).toBe('ES');
    expect(screen.getByRole('button', { name: 'Recognize Luis Gómez' })).toBeTruthy();
  });
});

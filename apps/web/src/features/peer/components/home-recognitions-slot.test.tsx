import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import peerEn from '@/locales/en/peer.json';
import peerEs from '@/locales/es/peer.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import type { Recognition } from '../api/types';
import { useGiveRequest } from './give-launcher';
import { HomeRecognitionsSlot } from './home-recognitions-slot';

// The home's "Recent recognitions" is below its first screen: its code, texts and data load as it nears
// the screen (or once the page has settled), a placeholder of its size holding its place.

vi.mock('@/lib/socket', () => ({ acquireRealtime: () => () => undefined, onRealtimeEvent: () => () => undefined }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ peer: { en: peerEn, es: peerEs } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: number, name: string) => ({ id, name, photoUrl: null, office: null });
const item = (id: number): Recognition => ({
  id,
  kind: 'recognition',
  years: null,
  giver: person(1, 'Ana'),
  recipients: [person(7, 'Yo'), person(3, 'Eva')],
  points: 10,
  totalPoints: 20,
  message: `Gracias ${id}`,
  values: [],
  private: false,
  createdAt: '2026-11-27T10:00:00Z',
  comments: [],
  commentCount: 0,
  addons: [],
  reactions: [],
});

function observer(near: boolean) {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        if (near) this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
}

function Opened() {
  return <p data-testid="opened">{useGiveRequest() ? 'open' : 'closed'}</p>;
}

describe('HomeRecognitionsSlot', () => {
  it('below the fold, holds the place of five rows without asking anything', async () => {
    observer(false);
    const calls = fakeApi(() => [200, { data: [], nextCursor: null }]);
    const { container } = renderWithProviders(<HomeRecognitionsSlot reader={{ id: 7, storeId: 1 }} />, i18n);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('home-recognitions')).toBeNull();
    expect((container.querySelector('.animate-pulse') as HTMLElement).style.height).toBe('326px');
    expect(calls).toHaveLength(0);
  });

  it('near the screen, shows the latest five, one line each, with the feed and the give button', async () => {
    observer(true);
    const calls = fakeApi(() => [200, { data: [9, 8, 7, 6, 5].map(item), nextCursor: '5' }]);
    renderWithProviders(
      <>
        <HomeRecognitionsSlot reader={{ id: 7, storeId: 1 }} />
        <Opened />
      </>,
      i18n,
    );
    const block = await screen.findByTestId('home-recognitions');
    await waitFor(() => expect(block.querySelectorAll('li')).toHaveLength(5));
    expect(calls[0]!.path).toBe('/recognitions');
    expect(calls[0]!.query.get('limit')).toBe('5');
    expect(block.querySelector('li')!.textContent).toContain('Ana → Tú, Eva');
    expect(block.querySelector('a[href="/feed"]')).not.toBeNull();
    expect(block.querySelector('a[href="/recognition/9"]')).not.toBeNull();
    fireEvent.click(screen.getByTestId('home-give'));
    expect(screen.getByTestId('opened').textContent).toBe('open');
  });
});

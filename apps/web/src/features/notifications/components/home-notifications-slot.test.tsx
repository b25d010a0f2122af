import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Notification } from '@rewards/shared/notifications';
import type { I18n } from '@/lib/use-translation';
import notificationsEn from '@/locales/en/notifications.json';
import notificationsEs from '@/locales/es/notifications.json';
import { createTestI18n, fakeApi, renderWithProviders } from '@/test/render';
import { HomeNotificationsSlot } from './home-notifications-slot';

// The home's notifications block is below its first screen: its code and texts load as it nears the
// screen (or once the page has settled), a placeholder holding its place (docs/decisions/0028-light-first-paint.md).

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ notifications: { en: notificationsEn, es: notificationsEs } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notification = (id: number): Notification => ({
  id,
  userId: 1,
  itemType: 'points',
  description: `Premio ${id}`,
  url: '/account',
  active: 1,
  seen: false,
  seenAt: null,
  createdAt: '2026-11-23T12:00:00.000Z',
});

/** An IntersectionObserver that sees every element at once (`near`), or never (below the fold). */
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

const answer = () =>
  fakeApi(() => [200, { data: [1, 2, 3, 4].map(notification), page: 1, pageSize: 5, totalPages: 1, totalCount: 4, activeCount: 4 }]);

describe('HomeNotificationsSlot', () => {
  it('below the fold, holds the place of the block without loading it', async () => {
    observer(false);
    answer();
    const { container } = renderWithProviders(<HomeNotificationsSlot />, i18n);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('home-notifications')).toBeNull();
    expect(container.querySelector('.animate-pulse')).not.toBeNull();
  });

  it('near the screen, shows the latest three with a link to all of them', async () => {
    observer(true);
    answer();
    renderWithProviders(<HomeNotificationsSlot />, i18n);
    const block = await screen.findByTestId('home-notifications');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(3));
    expect(block.querySelector('a[href="/notifications"]')).not.toBeNull();
  });
});

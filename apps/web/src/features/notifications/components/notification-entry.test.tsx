import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Notification } from '@rewards/shared/notifications';
import type { I18n } from '@/lib/use-translation';
import notificationsEn from '@/locales/en/notifications.json';
import notificationsEs from '@/locales/es/notifications.json';
import { createTestI18n, renderWithProviders } from '@/test/render';
import { NotificationEntry } from './notification-entry';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n({ notifications: { en: notificationsEn, es: notificationsEs } });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('es');
});

const news = (description: string, url: string): Notification => ({
  id: 1,
  userId: 1,
  itemType: 'products',
  description,
  url,
  active: 1,
  seen: false,
  seenAt: null,
  createdAt: '2026-11-23T12:00:00.000Z',
});

describe('NotificationEntry: product news (decision 0035)', () => {
  const cases = [
    {
      n: news('Back in stock: Termo azul', '/product?slug=termo-azul'),
      es: 'De vuelta en stock: Termo azul',
      en: 'Back in stock: Termo azul',
      href: '/product?slug=termo-azul',
    },
    {
      n: news('3 wishlist products back in stock', '/wishlist'),
      es: '3 productos de tus favoritos volvieron a estar disponibles',
      en: '3 products of your wishlist are back in stock',
      href: '/wishlist',
    },
    {
      n: news('New in your category: Balón', '/product?slug=balon'),
      es: 'Nuevo en tu categoría preferida: Balón',
      en: 'New in your preferred category: Balón',
      href: '/product?slug=balon',
    },
    {
      n: news('500 new products in your category', '/category/deportes'),
      es: '500 productos nuevos en tu categoría preferida',
      en: '500 new products in your preferred category',
      href: '/category/deportes',
    },
  ];

  it('words each kind in Spanish and English and links to the product, the wishlist or the category', async () => {
    for (const c of cases) {
      renderWithProviders(<NotificationEntry notification={c.n} />, i18n);
      expect(screen.getByRole('link', { name: c.es }).getAttribute('href')).toBe(c.href);
      expect(screen.getByText('Producto')).toBeTruthy();
      cleanup();
    }
    await i18n.changeLanguage('en');
    for (const c of cases) {
      renderWithProviders(<NotificationEntry notification={c.n} />, i18n);
      expect(screen.getByRole('link', { name: c.en }).getAttribute('href')).toBe(c.href);
      cleanup();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { describeNotification, notificationLink, notificationListQuerySchema } from './notifications.ts';

describe('describeNotification', () => {
  it('recognises the texts the system stores', () => {
    expect(describeNotification({ itemType: 'orders', description: 'Order #12' })).toEqual({ key: 'orderPlaced', values: { id: 12 } });
    expect(describeNotification({ itemType: 'ordersUpdate', description: 'Order #12: status 3' })).toEqual({
      key: 'orderStatus',
      values: { id: 12, status: 3 },
    });
    expect(describeNotification({ itemType: 'ordersUpdate', description: 'Order #12: edited' })).toEqual({
      key: 'orderEdited',
      values: { id: 12 },
    });
    expect(describeNotification({ itemType: 'points', description: 'Points expired (2026)' })).toEqual({
      key: 'pointsExpired',
      values: { year: '2026' },
    });
  });

  it('recognises the product news of migration 0019', () => {
    const products = (description: string) => describeNotification({ itemType: 'products', description });
    expect(products('Back in stock: Termo: 1 L')).toEqual({ key: 'productBackInStock', values: { name: 'Termo: 1 L' } });
    expect(products('3 wishlist products back in stock')).toEqual({ key: 'productsBackInStock', values: { count: 3 } });
    expect(products('New in your category: Balón')).toEqual({ key: 'productNew', values: { name: 'Balón' } });
    expect(products('500 new products in your category')).toEqual({ key: 'productsNew', values: { count: 500 } });
    // Only for the products type: another type keeps its words.
    expect(describeNotification({ itemType: 'points', description: 'Back in stock: Termo' }).key).toBe('pointsGeneric');
  });

  it('keeps what a person wrote, with its type', () => {
    expect(describeNotification({ itemType: 'points', description: 'Colaboración: Order #12' })).toEqual({
      key: 'pointsGeneric',
      values: { text: 'Colaboración: Order #12' },
    });
    expect(describeNotification({ itemType: 'challenge', description: 'Trivia' }).key).toBe('challengeGeneric');
  });
});

describe('notificationLink', () => {
  it('leads by item type to the app’s routes', () => {
    expect(notificationLink({ itemType: 'orders', url: null })).toBe('/myOrders');
    expect(notificationLink({ itemType: 'ordersUpdate', url: '/myOrders' })).toBe('/myOrders');
    expect(notificationLink({ itemType: 'points', url: '/account' })).toBe('/account');
    expect(notificationLink({ itemType: 'points', url: '/recognition/12' })).toBe('/recognition/12');
    expect(notificationLink({ itemType: 'points', url: '/recognition/12/../../admin' })).toBe('/account');
    expect(notificationLink({ itemType: 'challenge', url: null })).toBe('/challenge');
    expect(notificationLink({ itemType: 'products', url: '/product?slug=taza' })).toBe('/product?slug=taza');
    expect(notificationLink({ itemType: 'products', url: 'https://evil.example' })).toBe('/');
    expect(notificationLink({ itemType: 'products', url: '/wishlist' })).toBe('/wishlist');
    expect(notificationLink({ itemType: 'products', url: '/category/deportes' })).toBe('/category/deportes');
    expect(notificationLink({ itemType: 'products', url: '/category/../admin' })).toBe('/');
    expect(notificationLink({ itemType: 'products', url: '//evil.example/product' })).toBe('/');
    expect(notificationLink({ itemType: 'products', url: null })).toBe('/');
  });
});

describe('notificationListQuerySchema', () => {
  it('takes paging and active, refuses anything else', () => {
    expect(notificationListQuerySchema.parse({ active: 'true' })).toEqual({ page: 1, pageSize: 20, active: true });
    expect(notificationListQuerySchema.safeParse({ other: '1' }).success).toBe(false);
  });
});

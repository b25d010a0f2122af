import { describe, expect, it } from 'vitest';
import { renderNotificationMail } from './mail-templates.ts';

const ctx = (lang: 'es' | 'en') => ({ lang, name: 'Ana', publicUrl: 'https://store.example' });
const products = (description: string, url: string) => ({ itemType: 'products' as const, description, url });

describe('the e-mail copy of product news', () => {
  it('words each kind in the reader’s language and links where the notification leads', () => {
    const back = renderNotificationMail(products('Back in stock: Termo azul', '/product?slug=termo-azul'), ctx('es'));
    expect(back.subject).toBe('De vuelta en stock: Termo azul');
    expect(back.text).toContain('Termo azul, de tus favoritos, vuelve a estar disponible.');
    expect(back.text).toContain('https://store.example/product?slug=termo-azul');

    const many = renderNotificationMail(products('3 wishlist products back in stock', '/wishlist'), ctx('en'));
    expect(many.subject).toBe('3 wishlist products are back');
    expect(many.text).toContain('3 products of your wishlist are back in stock.');
    expect(many.text).toContain('https://store.example/wishlist');

    const created = renderNotificationMail(products('New in your category: Balón', '/product?slug=balon'), ctx('en'));
    expect(created.subject).toBe('New in your category: Balón');
    const createdMany = renderNotificationMail(products('500 new products in your category', '/category/deportes'), ctx('es'));
    expect(createdMany.subject).toBe('500 productos nuevos en tu categoría');
    expect(createdMany.text).toContain('https://store.example/category/deportes');
  });
});

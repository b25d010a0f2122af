import { describe, expect, it } from 'vitest';
import { bilingualDescription } from '@rewards/shared/notifications';
import { renderNotificationMail, renderOrderApprovedMail } from './mail-templates.ts';

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

describe('e-mails that quote content written in both languages', () => {
  it('give a product, a challenge and a load in the reader’s language (docs/architecture.md A6.15)', () => {
    const names = '{"en": "Steel thermos", "es": "Termo de acero"}';
    expect(renderNotificationMail(products(`Back in stock: ${names}`, '/product?slug=termo'), ctx('en')).subject).toBe(
      'Back in stock: Steel thermos',
    );
    expect(renderNotificationMail(products(`New in your category: ${names}`, '/product?slug=termo'), ctx('es')).subject).toBe(
      'Nuevo en tu categoría: Termo de acero',
    );
    const challenge = {
      itemType: 'challenge' as const,
      description: bilingualDescription({ es: 'Reto de bienestar', en: 'Well-being challenge' }),
      url: '/challenge',
    };
    expect(renderNotificationMail(challenge, ctx('en')).text).toContain('Well-being challenge');
    const load = {
      itemType: 'points' as const,
      description: bilingualDescription({ es: 'Colaboración: Gracias', en: '' }),
      url: '/account',
    };
    expect(renderNotificationMail(load, ctx('en')).text).toContain('Colaboración: Gracias');
  });

  it("lists an approved order's products in the reader's language, the other one where theirs is not written", () => {
    const order = {
      id: 7,
      total: 900,
      lines: [
        { name: 'Termo de acero', nameEn: 'Steel thermos', quantity: 1 },
        { name: 'Hamaca', nameEn: '', quantity: 2 },
      ],
    };
    expect(renderOrderApprovedMail(order, ctx('en')).text).toContain('- Steel thermos x 1\n- Hamaca x 2');
    expect(renderOrderApprovedMail(order, ctx('es')).text).toContain('- Termo de acero x 1\n- Hamaca x 2');
  });
});

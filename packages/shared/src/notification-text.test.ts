import { describe, expect, it } from 'vitest';
import { bilingualDescription, describeNotification } from './notification-text.ts';

// Content an administrator wrote in both languages, quoted by a notification (docs/architecture.md A6.15).
describe('describeNotification of content in both languages', () => {
  it("gives a product's name in product news in the reader's language, as the database writes it", () => {
    // jsonb_build_object('es', name, 'en', name_en)::text, as rs_product_news_flush stores it.
    const back = { itemType: 'products' as const, description: 'Back in stock: {"en": "Steel thermos", "es": "Termo de acero"}' };
    expect(describeNotification(back, 'en')).toEqual({ key: 'productBackInStock', values: { name: 'Steel thermos' } });
    expect(describeNotification(back, 'es')).toEqual({ key: 'productBackInStock', values: { name: 'Termo de acero' } });
    const created = { itemType: 'products' as const, description: 'New in your category: {"en": "", "es": "Hamaca"}' };
    expect(describeNotification(created, 'en')).toEqual({ key: 'productNew', values: { name: 'Hamaca' } });
  });

  it("gives a challenge's title and a load's text in the reader's language, Spanish by default", () => {
    const challenge = {
      itemType: 'challenge' as const,
      description: bilingualDescription({ es: 'Reto de bienestar', en: 'Well-being challenge' }),
    };
    expect(describeNotification(challenge, 'en')).toEqual({ key: 'challengeGeneric', values: { text: 'Well-being challenge' } });
    expect(describeNotification(challenge)).toEqual({ key: 'challengeGeneric', values: { text: 'Reto de bienestar' } });
    const load = { itemType: 'points' as const, description: bilingualDescription({ es: '', en: 'Collaboration: Thanks' }) };
    expect(describeNotification(load, 'es').values).toEqual({ text: 'Collaboration: Thanks' });
  });

  it('keeps old texts, and text that only looks like JSON, as written', () => {
    expect(describeNotification({ itemType: 'products', description: 'Back in stock: Termo' }, 'en').values).toEqual({ name: 'Termo' });
    expect(describeNotification({ itemType: 'points', description: '{Bono} de fin de año' }, 'en').values).toEqual({
      text: '{Bono} de fin de año',
    });
    expect(describeNotification({ itemType: 'points', description: '{"es": 1}' }, 'en').values).toEqual({ text: '{"es": 1}' });
  });
});

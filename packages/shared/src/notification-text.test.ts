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

// The celebrations job's texts (docs/architecture.md A6.17; db/functions/rs_celebrate.sql, rs_celebration_heads_ups.sql,
// rs_expiry_reminders.sql), worded by each reader in their language, dates written out.
describe('describeNotification of celebrations and expiry reminders', () => {
  const celebration = (description: string) => ({ itemType: 'celebration' as const, description });

  it("reads a person's own celebration with its points, or without when there were none", () => {
    expect(describeNotification(celebration('Celebration: birthday|50'))).toEqual({
      key: 'celebrationBirthday',
      values: { points: 50, count: 50 },
    });
    expect(describeNotification(celebration('Celebration: welcome|100'))).toEqual({
      key: 'celebrationWelcome',
      values: { points: 100, count: 100 },
    });
    expect(describeNotification(celebration('Celebration: anniversary 10|1000'))).toEqual({
      key: 'celebrationAnniversary',
      values: { years: 10, count: 10, points: 1000 },
    });
    expect(describeNotification(celebration('Celebration: birthday|0'))).toEqual({ key: 'celebrationBirthdayGreeting', values: {} });
    expect(describeNotification(celebration('Celebration: welcome|0'))).toEqual({ key: 'celebrationWelcomeGreeting', values: {} });
    expect(describeNotification(celebration('Celebration: anniversary 1|0'))).toEqual({
      key: 'celebrationAnniversaryGreeting',
      values: { years: 1, count: 1 },
    });
  });

  it("reads a manager's heads-up with the person's name as written and the day in the reader's language", () => {
    const soon = celebration('Upcoming birthday: Ana María Ruiz on 2026-07-20');
    expect(describeNotification(soon, 'en')).toEqual({
      key: 'celebrationSoonBirthday',
      values: { name: 'Ana María Ruiz', date: 'July 20, 2026' },
    });
    expect(describeNotification(soon, 'es')).toEqual({
      key: 'celebrationSoonBirthday',
      values: { name: 'Ana María Ruiz', date: '20 de julio de 2026' },
    });
    expect(describeNotification(celebration('Upcoming anniversary 5: Luis on 2027-01-01'), 'en')).toEqual({
      key: 'celebrationSoonAnniversary',
      values: { name: 'Luis', date: 'January 1, 2027', years: 5, count: 5 },
    });
    // A name that has " on " in it keeps it.
    expect(describeNotification(celebration('Upcoming welcome: Jo on Ice on 2026-12-31'), 'en')).toEqual({
      key: 'celebrationSoonWelcome',
      values: { name: 'Jo on Ice', date: 'December 31, 2026' },
    });
  });

  it('reads an expiry reminder with the balance and the last day to redeem', () => {
    const reminder = { itemType: 'points' as const, description: 'Points expiring: 120 by 2026-10-15' };
    expect(describeNotification(reminder, 'en')).toEqual({
      key: 'pointsExpiring',
      values: { points: 120, count: 120, date: 'October 15, 2026' },
    });
    expect(describeNotification(reminder, 'es').values).toEqual({ points: 120, count: 120, date: '15 de octubre de 2026' });
  });

  it('shows anything else of the type as written', () => {
    expect(describeNotification(celebration('Celebration: party|5'), 'en')).toEqual({
      key: 'celebrationGeneric',
      values: { text: 'Celebration: party|5' },
    });
  });
});

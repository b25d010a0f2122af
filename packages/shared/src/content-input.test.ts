import { describe, expect, it } from 'vitest';
import { areaCreateSchema, areaFormSchema } from './areas.ts';
import { bannerCreateSchema } from './banners.ts';
import { categoryFormSchema, categoryUpdateSchema } from './categories.ts';
import { challengeCreateSchema } from './challenges.ts';
import { loadCreateSchema } from './loads.ts';
import { productCreateSchema, productUpdateSchema } from './products.ts';
import { rewardCreateSchema } from './rewards.ts';

/** The paths and messages of a refused input. */
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// Texts shoppers read are written in Spanish (`x`), English (`xEn`) or both (docs/architecture.md A6.15).
describe('inputs of content in both languages', () => {
  const product = { categoryId: 3, price: 100, stock: 1, storeId: 1 };

  it('takes either language alone, or both, trimmed', () => {
    expect(
      productCreateSchema.parse({ ...product, nameEn: ' Steel thermos ', descriptionEn: 'Keeps drinks hot for 12 hours.' }),
    ).toMatchObject({
      nameEn: 'Steel thermos',
      descriptionEn: 'Keeps drinks hot for 12 hours.',
    });
    expect(productCreateSchema.safeParse({ ...product, name: 'Termo', description: 'Conserva el calor 12 horas.' }).success).toBe(true);
    expect(
      categoryFormSchema.safeParse({ storeId: 1, title: 'Hogar', titleEn: 'Home', description: '', descriptionEn: 'For your home.' })
        .success,
    ).toBe(true);
  });

  it("refuses a required text written in neither language with 'Required field' on the Spanish field", () => {
    expect(issues(productCreateSchema.safeParse({ ...product, name: ' ', nameEn: '', description: 'Conserva el calor.' }))).toEqual([
      'name: Required field',
    ]);
    expect(issues(categoryFormSchema.safeParse({ storeId: 1 }))).toEqual(['title: Required field', 'description: Required field']);
    expect(issues(bannerCreateSchema.safeParse({ storeId: 1, title: '', titleEn: '' }))).toEqual(['title: Required field']);
    expect(issues(areaCreateSchema.safeParse({ storeId: 1, name: 'Bienestar', description: '', descriptionEn: '' }))).toEqual([
      'description: Required field',
    ]);
    const reward = { storeId: 1, areaId: 1, points: 10, frequencyLimit: 1, frequencyPeriod: 'year', descriptionEn: 'Given by management.' };
    expect(issues(rewardCreateSchema.safeParse(reward))).toEqual(['name: Required field']);
    const load = { storeId: 1, rewardId: 1, emails: ['ana@rewards.test'] };
    expect(issues(loadCreateSchema.safeParse(load))).toEqual(['reason: Required field']);
    expect(loadCreateSchema.safeParse({ ...load, reasonEn: 'Office opening' }).success).toBe(true);
  });

  it("keeps each language's bounds", () => {
    expect(issues(productCreateSchema.safeParse({ ...product, name: 'Termo', nameEn: 'T', description: 'Conserva el calor.' }))).toEqual([
      'nameEn: Too short!',
    ]);
    expect(issues(productCreateSchema.safeParse({ ...product, name: 'Termo', descriptionEn: 'x'.repeat(2001) }))).toEqual([
      'descriptionEn: Too long!',
    ]);
  });

  it('checks the questions and options of a challenge in either language', () => {
    const challenge = {
      storeId: 1,
      titleEn: 'Well-being quiz',
      descriptionEn: 'Test what you know about healthy habits.',
      type: 'multiple_choice',
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-30T00:00:00Z',
      winners: 1,
      pointsPerWinner: 10,
    };
    const options = [
      { textEn: 'Yes', isCorrect: true },
      { text: 'No', textEn: 'No' },
    ];
    expect(challengeCreateSchema.safeParse({ ...challenge, questions: [{ textEn: 'Do you walk?', options }] }).success).toBe(true);
    expect(issues(challengeCreateSchema.safeParse({ ...challenge, questions: [{ text: '', options }] }))).toEqual([
      'questions.0.text: Required field',
    ]);
    expect(
      issues(
        challengeCreateSchema.safeParse({ ...challenge, questions: [{ text: '¿Caminas?', options: [...options, { isCorrect: false }] }] }),
      ),
    ).toEqual(['questions.0.options.2.text: Required field']);
  });

  it('lets an edit leave a language out (the stored one stays), but not send both empty', () => {
    expect(productUpdateSchema.safeParse({ nameEn: 'Steel thermos' }).success).toBe(true);
    expect(categoryUpdateSchema.safeParse({ titleEn: 'Home' }).success).toBe(true);
    expect(areaFormSchema.safeParse({ name: '' }).success).toBe(true);
    expect(issues(productUpdateSchema.safeParse({ name: '', nameEn: '' }))).toEqual(['name: Required field']);
    expect(issues(areaFormSchema.safeParse({ name: '', nameEn: ' ' }))).toEqual(['name: Required field']);
  });
});

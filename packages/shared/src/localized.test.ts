import { describe, expect, it } from 'vitest';
import { localize, pick, pickText } from './localized.ts';

describe('localize', () => {
  it('gives the reader’s language when it was written', () => {
    expect(localize({ es: 'Termo', en: 'Thermos' }, 'es')).toEqual({ text: 'Termo', lang: 'es', fallback: false });
    expect(localize({ es: 'Termo', en: 'Thermos' }, 'en')).toEqual({ text: 'Thermos', lang: 'en', fallback: false });
  });

  it('falls back to the other language, and says so, when the reader’s was not written (blank counts as not written)', () => {
    expect(localize({ es: '', en: 'Thermos' }, 'es')).toEqual({ text: 'Thermos', lang: 'en', fallback: true });
    expect(localize({ es: 'Termo', en: '   ' }, 'en')).toEqual({ text: 'Termo', lang: 'es', fallback: true });
  });

  it('is no fallback when neither language was written', () => {
    expect(localize({ es: '', en: '' }, 'en')).toEqual({ text: '', lang: 'es', fallback: false });
  });
});

describe('pick and pickText', () => {
  const product = { name: 'Termo', nameEn: 'Thermos', description: 'Acero inoxidable', descriptionEn: '' };

  it('read a field and its English twin', () => {
    expect(pick(product, 'name', 'en')).toEqual({ text: 'Thermos', lang: 'en', fallback: false });
    expect(pick(product, 'description', 'en')).toEqual({ text: 'Acero inoxidable', lang: 'es', fallback: true });
    expect(pickText(product, 'name', 'es')).toBe('Termo');
  });

  it('take an entity without the twin as Spanish only', () => {
    expect(pick({ title: 'Oficina' }, 'title', 'en')).toEqual({ text: 'Oficina', lang: 'es', fallback: true });
  });
});

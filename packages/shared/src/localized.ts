// No zod here: the shop's first paint reads this (docs/decisions/0028-light-first-paint.md).
import type { Language } from './enums.ts';

/**
 * Content an administrator writes for shoppers exists in Spanish and in English (docs/architecture.md
 * A6.15): each such field `x` travels as `x` (Spanish) beside `xEn` (English), and a
 * language that was not written is the empty string. At least one of the two is written.
 */
export type Bilingual = { es: string; en: string };

/** What a reader sees of a bilingual text: the text, and the language it is in (the other one when theirs is missing). */
export type LocalizedText = { text: string; lang: Language; fallback: boolean };

const other = (lang: Language): Language => (lang === 'es' ? 'en' : 'es');

/** The text in `lang`, or the other language's when `lang` was not written (then `fallback` is true). */
export function localize(value: Bilingual, lang: Language): LocalizedText {
  const own = value[lang].trim();
  if (own !== '') return { text: value[lang], lang, fallback: false };
  const alt = other(lang);
  return { text: value[alt], lang: alt, fallback: value[alt].trim() !== '' };
}

/** `localize` for an entity's field pair: `pick(product, 'name', 'en')` reads `name` and `nameEn`. */
export function pick<K extends string>(
  entity: { [P in K]: string } & { [P in `${K}En`]?: string },
  field: K,
  lang: Language,
): LocalizedText {
  const en = (entity as Record<string, string | undefined>)[`${field}En`] ?? '';
  return localize({ es: entity[field], en }, lang);
}

/** Just the text of `pick`, for places that show no language mark (a title attribute, a sort key). */
export function pickText<K extends string>(entity: { [P in K]: string } & { [P in `${K}En`]?: string }, field: K, lang: Language): string {
  return pick(entity, field, lang).text;
}

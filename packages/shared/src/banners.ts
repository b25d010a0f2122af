import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, languageText, oneLanguageWritten, paginationSchema, queryId, requiredId, requiredInt } from './common.ts';

export const bannerSchema = z.object({
  id: z.number().int(),
  /** Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
  title: z.string(),
  titleEn: z.string(),
  picture: z.string(),
  storeId: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerListQuerySchema = paginationSchema.extend({ storeId: queryId.optional(), active: boolish.optional() }).strict();

const bannerFields = {
  title: languageText(bounds.name),
  titleEn: languageText(bounds.name),
  position: requiredInt(0, 1000).default(0),
};
/** The title in Spanish, English or both (docs/architecture.md A6.15). */
export const bannerFormSchema = z.object(bannerFields).superRefine(oneLanguageWritten(['title']));
export const bannerCreateSchema = bannerFormSchema.extend({ storeId: requiredId });
/** An edit sends what changes; a language left out keeps what is stored. */
export const bannerUpdateSchema = z
  .object({ ...bannerFields, position: bannerFields.position.optional() })
  .superRefine(oneLanguageWritten(['title'], { partial: true }));

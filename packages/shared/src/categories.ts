import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, languageText, oneLanguageWritten, paginationSchema, queryId, requiredId, textSchema } from './common.ts';

export const categorySchema = z.object({
  id: z.number().int(),
  /** Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
  title: z.string(),
  titleEn: z.string(),
  slug: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  picture: z.string().nullable(),
  storeId: z.number().int(),
  active: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListQuerySchema = paginationSchema
  .extend({
    storeId: queryId.optional(),
    search: textSchema(120).optional(),
    /** Administrators of the store may list inactive categories too. */
    active: boolish.optional(),
  })
  .strict();
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

const categoryTexts = {
  title: languageText(bounds.name),
  titleEn: languageText(bounds.name),
  description: languageText(bounds.description),
  descriptionEn: languageText(bounds.description),
};

/**
 * Create form (multipart): title, description, picture (file), storeId — all required; title and
 * description in Spanish, English or both (docs/architecture.md A6.15).
 */
export const categoryFormSchema = z
  .object({ ...categoryTexts, storeId: requiredId })
  .superRefine(oneLanguageWritten(['title', 'description']));
export type CategoryForm = z.infer<typeof categoryFormSchema>;
/** Edit form (multipart, picture optional): a language left out keeps what is stored. */
export const categoryUpdateSchema = z.object(categoryTexts).superRefine(oneLanguageWritten(['title', 'description'], { partial: true }));
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

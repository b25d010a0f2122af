import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, idSchema, languageText, oneLanguageWritten, paginationSchema, queryId, textSchema } from './common.ts';

/** An organisational area that owns recognitions (docs/architecture.md A6). */
export const areaSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  /** Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  active: z.boolean(),
  /** Recognitions (active or not) that belong to the area: an area with any cannot be deleted. */
  rewardCount: z.number().int(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaListQuerySchema = paginationSchema
  .extend({
    storeId: queryId.optional(),
    search: textSchema(120).optional(),
    /** Administrators of the store may list inactive areas too. */
    active: boolish.optional(),
  })
  .strict();
export type AreaListQuery = z.infer<typeof areaListQuerySchema>;

const areaFields = {
  name: languageText(bounds.name),
  nameEn: languageText(bounds.name),
  description: languageText(bounds.description),
  descriptionEn: languageText(bounds.description),
};

/**
 * Edit form (JSON): name and description, both required (docs/architecture.md P5), each in Spanish,
 * English or both (A6.15); a language left out keeps what is stored.
 */
export const areaFormSchema = z
  .object(areaFields)
  .strict()
  .superRefine(oneLanguageWritten(['name', 'description'], { partial: true }));
export type AreaForm = z.infer<typeof areaFormSchema>;
/** Create (JSON): the form and its store. */
export const areaCreateSchema = z
  .object({ ...areaFields, storeId: idSchema })
  .strict()
  .superRefine(oneLanguageWritten(['name', 'description']));
export type AreaCreate = z.infer<typeof areaCreateSchema>;

import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, boundedText, idSchema, paginationSchema, requiredId, textSchema } from './common.ts';

export const categorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  picture: z.string().nullable(),
  storeId: z.number().int(),
  active: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListQuerySchema = paginationSchema
  .extend({
    storeId: idSchema.optional(),
    search: textSchema(120).optional(),
    /** Administrators of the store may list inactive categories too. */
    active: boolish.optional(),
  })
  .strict();
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

/** Create form (multipart): title, description, picture (file), storeId — all required. */
export const categoryFormSchema = z.object({
  title: boundedText(bounds.name),
  description: boundedText(bounds.description),
  storeId: requiredId,
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;
export const categoryUpdateSchema = categoryFormSchema.omit({ storeId: true });

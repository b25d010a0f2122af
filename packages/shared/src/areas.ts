import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, boundedText, idSchema, paginationSchema, requiredId, textSchema } from './common.ts';

/** An organisational area that owns recognitions (docs/architecture.md A6). */
export const areaSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  /** Recognitions (active or not) that belong to the area: an area with any cannot be deleted. */
  rewardCount: z.number().int(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaListQuerySchema = paginationSchema
  .extend({
    storeId: idSchema.optional(),
    search: textSchema(120).optional(),
    /** Administrators of the store may list inactive areas too. */
    active: boolish.optional(),
  })
  .strict();
export type AreaListQuery = z.infer<typeof areaListQuerySchema>;

/** Create and edit form (JSON): name and description, both required (docs/architecture.md P5). */
export const areaFormSchema = z
  .object({
    name: boundedText(bounds.name),
    description: boundedText(bounds.description),
  })
  .strict();
export type AreaForm = z.infer<typeof areaFormSchema>;
export const areaCreateSchema = areaFormSchema.extend({ storeId: requiredId }).strict();
export type AreaCreate = z.infer<typeof areaCreateSchema>;

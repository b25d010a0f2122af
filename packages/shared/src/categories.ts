import { z } from 'zod';
import { bounds } from './constants.ts';
import { idSchema, paginationSchema } from './common.ts';

const required = 'Required field';
const tooShort = 'Too short!';
const tooLong = 'Too long!';

/** Text bounded as SPEC.md section 5 words it ('Required field', 'Too short!', 'Too long!'). */
export const boundedText = (b: { min: number; max: number }) =>
  z.string({ error: required }).trim().min(1, required).min(b.min, tooShort).max(b.max, tooLong);

/** Booleans from query strings and multipart fields. */
export const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

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
    search: z.string().trim().max(120).optional(),
    /** Administrators of the store may list inactive categories too. */
    active: boolish.optional(),
  })
  .strict();
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

/** Create form (multipart): title, description, picture (file), storeId — all required. */
export const categoryFormSchema = z.object({
  title: boundedText(bounds.name),
  description: boundedText(bounds.description),
  storeId: z.coerce.number({ error: required }).int().positive(required),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;
export const categoryUpdateSchema = categoryFormSchema.omit({ storeId: true });

import { z } from 'zod';
import { idSchema, paginationSchema } from './common.ts';

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

export const categoryListQuerySchema = paginationSchema.extend({ storeId: idSchema.optional() }).strict();
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

import { z } from 'zod';
import { bounds } from './constants.ts';
import { boolish, boundedText, idSchema, intSchema, paginationSchema, requiredId } from './common.ts';

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  picture: z.string(),
  storeId: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerListQuerySchema = paginationSchema.extend({ storeId: idSchema.optional(), active: boolish.optional() }).strict();

export const bannerFormSchema = z.object({
  title: boundedText(bounds.name),
  position: intSchema(0, 1000).default(0),
});
export const bannerCreateSchema = bannerFormSchema.extend({ storeId: requiredId });
export const bannerUpdateSchema = bannerFormSchema.partial();

import { z } from 'zod';

export const storeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  lat: z.number(),
  long: z.number(),
  active: z.boolean(),
});
export type Store = z.infer<typeof storeSchema>;

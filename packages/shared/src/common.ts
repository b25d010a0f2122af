import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema }).strict();

/** A signed change (stock delta, points): a whole number, never 0, at most a million either way. */
export const signedChangeSchema = z.coerce
  .number()
  .int()
  .min(-1_000_000)
  .max(1_000_000)
  .refine((v) => v !== 0, 'Must not be zero');

/** The free-text reason or description that goes with a change. */
export const reasonSchema = z.string().trim().min(3, 'Too short!').max(300, 'Too long!');

export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function itemEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: item });
}

export function listEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type ListResponse<T> = {
  data: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
};

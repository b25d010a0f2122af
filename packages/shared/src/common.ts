import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/**
 * Input primitives: every input schema is built from these, so no value the database cannot hold
 * (an id past int32, a NUL byte, year 0 or 9999) ever reaches it (docs/architecture.md A4).
 */
export const INT32_MAX = 2_147_483_647;
/** The oldest and newest calendar day the API accepts in a filter or a form. */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2100-12-31';
/** The longest page number a list accepts (page x MAX_PAGE_SIZE stays far inside int32). */
export const MAX_PAGE = 100_000;

const required = 'Required field';
const tooShort = 'Too short!';
const tooLong = 'Too long!';
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

/** A whole number in [min, max] (both inside int32), from JSON, a query string or a form field. */
export const intSchema = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** An id: a positive whole number that fits PostgreSQL's integer, wherever it comes from. */
export const idSchema = intSchema(1, INT32_MAX);

/** A whole number from a form field; an empty field is 'Required field', not zero. */
export const requiredInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    // Only a missing or non-numeric value is 'Required field'; a fraction or an out-of-range number keeps its own message.
    z.coerce
      .number({ error: (issue) => (typeof issue.input !== 'number' || Number.isNaN(issue.input) ? required : undefined) })
      .int()
      .min(min)
      .max(max),
  );
export const requiredId = requiredInt(1, INT32_MAX);
export const idParamsSchema = z.object({ id: idSchema }).strict();

/** Free text: trimmed, at most `max` characters, never a NUL byte (PostgreSQL text cannot hold one). */
export const textSchema = (max: number, min = 0) => {
  const base = z.string({ error: required }).trim();
  return (min > 0 ? base.min(1, required).min(min, tooShort) : base).max(max, tooLong).refine((v) => !NUL.test(v), {
    message: 'Must not contain a NUL character',
  });
};

/** Text bounded as docs/architecture.md P5 words it ('Required field', 'Too short!', 'Too long!'). */
export const boundedText = (b: { min: number; max: number }) => textSchema(b.max, b.min);

/** Booleans from query strings and multipart fields. */
export const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A calendar day (YYYY-MM-DD) between MIN_DATE and MAX_DATE. */
export const dateSchema = z.iso
  .date()
  .refine((v) => v >= MIN_DATE && v <= MAX_DATE, { message: `Must be between ${MIN_DATE} and ${MAX_DATE}` });

/**
 * An instant (ISO 8601 date and time with `Z` or an offset, e.g. from `Date.toISOString()`) between
 * MIN_DATE and MAX_DATE; always given with its zone, so the server never guesses one.
 */
export const dateTimeSchema = z.iso.datetime({ offset: true }).refine(
  (v) => {
    const t = Date.parse(v);
    return t >= Date.parse(`${MIN_DATE}T00:00:00Z`) && t <= Date.parse(`${MAX_DATE}T23:59:59Z`);
  },
  { message: `Must be between ${MIN_DATE} and ${MAX_DATE}` },
);

/** Points or a price: a whole number from 0 to a billion (sums are checked in bigint where they add up). */
export const MAX_AMOUNT = 1_000_000_000;
export const amountSchema = intSchema(0, MAX_AMOUNT);

/** A signed change (stock delta, points): a whole number, never 0, at most a million either way. */
export const signedChangeSchema = intSchema(-1_000_000, 1_000_000).refine((v) => v !== 0, 'Must not be zero');

/** The free-text reason or description that goes with a change. */
export const reasonSchema = textSchema(300, 3);

export const paginationSchema = z.object({
  page: intSchema(1, MAX_PAGE).default(1),
  pageSize: intSchema(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
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

/** The one way to build a `listEnvelope` answer: a page of rows, where it is, and how many there are. */
export function listResponse<T>(data: T[], at: Pagination, totalCount: number): ListResponse<T> {
  return { data, page: at.page, pageSize: at.pageSize, totalCount, totalPages: Math.ceil(totalCount / at.pageSize) };
}

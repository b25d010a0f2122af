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

/*
 * Numbers and booleans come in three families, by where the value travels (docs/architecture.md A4,
 * docs/decisions/0044-strict-input.md); nothing is coerced, so `true` is never 1 and "0x10" never 16:
 * - JSON bodies: `intSchema`, `idSchema`, `amountSchema`, `signedChangeSchema`, `numberSchema`, and
 *   `z.boolean()`: only a JSON number (a whole one where an integer is meant) or a JSON boolean; a
 *   string, even "12", is refused.
 * - Query strings, path parameters and headers: `queryInt`, `queryId`, `queryNumber`, `queryBool`: the
 *   text of the number in decimal digits (a leading '-' only where negatives are allowed, a '.' only
 *   in `queryNumber`), of the boolean 'true', 'false', '1' or '0'; no spaces, signs, exponents or hex.
 * - Forms (the web's forms, and the server's multipart fields): `requiredInt`, `requiredId`,
 *   `requiredNumber`, `boolish`: a number, or its text as the query family reads it (a form field
 *   holds text, a form's default values numbers); an empty field is 'Required field'.
 * The server refuses to start when a route's JSON body holds a query or form primitive, any input holds
 * `z.coerce`, or a query string, path or header schema holds a bare JSON number or boolean
 * (apps/server/src/plugins/strict-input.ts): a schema cannot take the wrong family by accident.
 */

/** Which family a query or form primitive belongs to; the server reads it to keep them out of JSON bodies. */
export type InputWire = 'query' | 'form';
export const inputWires = z.registry<{ wire: InputWire }>();

/**
 * The family of a schema: its own, or that of the schema it was refined from (zod keeps the original as
 * `_zod.parent` of a refined or re-described copy, which the registry does not know).
 */
export function inputWireOf(schema: z.core.$ZodType): InputWire | undefined {
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) {
    const wire = inputWires.get(s as z.ZodType)?.wire;
    if (wire) return wire;
  }
  return undefined;
}

const WHOLE = /^\d+$/;
const SIGNED_WHOLE = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** What a number's text that is not one answers; the web shows it as 'Enter a whole number' (lib/validation.ts). */
export const NOT_A_NUMBER = 'Invalid input: expected a number in decimal digits';

/** Nothing (or an empty value) is 'Required field', as docs/architecture.md P5 words it; a value of another type says so. */
const missing = (input: unknown) => input === undefined || input === null || input === '';
const inRange = (min: number, max: number, whole: boolean) => {
  const number = z.number({ error: (issue) => (missing(issue.input) ? required : undefined) });
  return (whole ? number.int() : number).min(min).max(max);
};
const patternOf = (min: number, whole: boolean) => (!whole ? DECIMAL : min < 0 ? SIGNED_WHOLE : WHOLE);
/** How the OpenAPI document shows a number or boolean of the query and form families: by its value, not its text. */
const documented = (min: number, max: number, whole: boolean) => ({ type: whole ? 'integer' : 'number', minimum: min, maximum: max });

/** A whole number in [min, max] (both inside int32) in a JSON body: a JSON number with a whole value, never a string. */
export const intSchema = (min: number, max: number) => inRange(min, max, true);

/** An id in a JSON body: a positive whole JSON number that fits PostgreSQL's integer. */
export const idSchema = intSchema(1, INT32_MAX);

/** A number (not only whole) in [min, max] in a JSON body. */
export const numberSchema = (min: number, max: number) => inRange(min, max, false);

function queryNumberOf(min: number, max: number, whole: boolean) {
  const pattern = patternOf(min, whole);
  const schema = z
    .string({ error: (issue) => (missing(issue.input) ? required : undefined) })
    .transform((text, ctx) => {
      if (pattern.test(text)) return Number(text);
      ctx.addIssue({ code: 'custom', message: text === '' ? required : NOT_A_NUMBER, input: text });
      return z.NEVER;
    })
    .pipe(inRange(min, max, whole))
    .meta(documented(min, max, whole));
  inputWires.add(schema, { wire: 'query' });
  return schema;
}

/** A whole number in [min, max] in a query string, a path parameter or a header: its decimal digits. */
export const queryInt = (min: number, max: number) => queryNumberOf(min, max, true);
/** An id in a query string, a path parameter or a header. */
export const queryId = queryInt(1, INT32_MAX);
/** A number in [min, max] in a query string: decimal digits with an optional fraction (`-33.45`). */
export const queryNumber = (min: number, max: number) => queryNumberOf(min, max, false);
export const idParamsSchema = z.object({ id: queryId }).strict();

function formNumberOf(min: number, max: number, whole: boolean) {
  const pattern = patternOf(min, whole);
  // Only a missing value (or a number input left empty: NaN) is 'Required field'; other text says it is no
  // number, and a fraction or an out-of-range number keeps its own message.
  const number = z.number({
    error: (issue) =>
      issue.input === undefined || Number.isNaN(issue.input) ? required : typeof issue.input === 'string' ? NOT_A_NUMBER : undefined,
  });
  const schema = z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && pattern.test(v) ? Number(v) : v),
      (whole ? number.int() : number).min(min).max(max),
    )
    .meta(documented(min, max, whole));
  inputWires.add(schema, { wire: 'form' });
  return schema;
}

/** A whole number in a form (or a multipart field); an empty field is 'Required field', not zero. */
export const requiredInt = (min: number, max: number) => formNumberOf(min, max, true);
export const requiredId = requiredInt(1, INT32_MAX);
/** A number (not only whole) in a form, such as a latitude. */
export const requiredNumber = (min: number, max: number) => formNumberOf(min, max, false);

/** Free text: trimmed, at most `max` characters, never a NUL byte (PostgreSQL text cannot hold one). */
export const textSchema = (max: number, min = 0) => {
  const base = z.string({ error: required }).trim();
  return (min > 0 ? base.min(1, required).min(min, tooShort) : base).max(max, tooLong).refine((v) => !NUL.test(v), {
    message: 'Must not contain a NUL character',
  });
};

/** Text bounded as docs/architecture.md P5 words it ('Required field', 'Too short!', 'Too long!'). */
export const boundedText = (b: { min: number; max: number }) => textSchema(b.max, b.min);

/**
 * One language of a text an administrator writes for shoppers (docs/architecture.md A6.15): `x` holds the
 * Spanish, `xEn` the English. Optional and trimmed; empty means "not written in this language", anything
 * else keeps the field's bounds. Whether the pair needs one of the two is `oneLanguageWritten`'s.
 */
export const languageText = (b: { min: number; max: number }) =>
  textSchema(b.max)
    .refine((v) => v === '' || v.length >= b.min, { message: tooShort })
    .optional();

/**
 * The object check of the pairs that are required (names, titles, required descriptions): 'Required field'
 * on `x` when neither `x` nor `xEn` is written (docs/architecture.md A6.15). `partial` (an edit where a
 * missing field keeps what is stored): only a pair sent with both sides empty is refused here, and the
 * service checks the pair it will store.
 */
export function oneLanguageWritten(fields: readonly string[], opts: { partial?: boolean } = {}) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const field of fields) {
      const es = value[field];
      const en = value[`${field}En`];
      if (opts.partial && (es === undefined || en === undefined)) continue;
      if ((es ?? '') === '' && (en ?? '') === '') ctx.addIssue({ code: 'custom', path: [field], message: required });
    }
  };
}

const BOOLEAN_TEXT = ['true', 'false', '1', '0'] as const;
const isTrue = (v: boolean | (typeof BOOLEAN_TEXT)[number]) => v === true || v === 'true' || v === '1';

/** A boolean in a query string: 'true', 'false', '1' or '0'. */
export const queryBool = z.enum(BOOLEAN_TEXT).transform(isTrue);
inputWires.add(queryBool, { wire: 'query' });

/** A boolean in a form (a checkbox) or a multipart field, or a query flag: a boolean or 'true', 'false', '1', '0'. */
export const boolish = z.union([z.boolean(), z.enum(BOOLEAN_TEXT)]).transform(isTrue);
inputWires.add(boolish, { wire: 'form' });

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

/** Points or a price in a JSON body: a whole number from 0 to a billion (sums are checked in bigint where they add up). */
export const MAX_AMOUNT = 1_000_000_000;
export const amountSchema = intSchema(0, MAX_AMOUNT);

/** A signed change (stock delta, points) in a JSON body: a whole number, never 0, at most a million either way. */
export const signedChangeSchema = intSchema(-1_000_000, 1_000_000).refine((v) => v !== 0, 'Must not be zero');
/** The same in a form: an empty field is 'Required field'. */
export const requiredSignedChange = requiredInt(-1_000_000, 1_000_000).refine((v) => v !== 0, 'Must not be zero');

/** The free-text reason or description that goes with a change. */
export const reasonBounds = { min: 3, max: 300 } as const;
export const reasonSchema = boundedText(reasonBounds);

/** Paging of a list, in its query string. */
export const paginationSchema = z.object({
  page: queryInt(1, MAX_PAGE).default(1),
  pageSize: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
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

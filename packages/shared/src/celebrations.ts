import { z } from 'zod';
import { idSchema, MAX_DATE, textSchema } from './common.ts';
import { celebrationChoices, celebrationKinds, isMonthDay, type CelebrationChoice, type CelebrationKind } from './celebration-rules.ts';
import { addDays } from './days.ts';
import { MAX_EMAIL_INPUT, MAX_LOAD_EMAILS } from './load-rules.ts';

/**
 * People's dates (docs/architecture.md A6.17, decision 0049): a birthday is 'MM-DD' (a day of a leap year,
 * 29 February included; never a year), a hire date a real day 'YYYY-MM-DD' from HIRE_DATE_MIN and at most
 * HIRE_DATE_AHEAD_DAYS after today. Administrators set them one by one or import them from a file (read,
 * review, confirm, as bulk loads do); each person sets their own birthday and, per kind, whether they are
 * celebrated in the feed, privately or not at all (null: their store's default).
 */

/** The earliest hire date accepted (people hired long ago still have anniversaries). */
export const HIRE_DATE_MIN = '1900-01-01';
/** How far after today a hire date may be (a person hired for next month). */
export const HIRE_DATE_AHEAD_DAYS = 365;
/** The latest hire date accepted on `today` ('YYYY-MM-DD'). */
export const latestHireDate = (today: string) => addDays(today, HIRE_DATE_AHEAD_DAYS);

export const MONTH_DAY_MESSAGE = 'Must be a month and day (MM-DD)';

/** A birthday: 'MM-DD', a day that exists in a leap year (02-29 is one, 02-30 is not). */
export const monthDaySchema = z.string().refine(isMonthDay, { message: MONTH_DAY_MESSAGE });

/** A hire date: a real day from HIRE_DATE_MIN to MAX_DATE (not more than a year ahead: checked with today, HIRE_DATE_OUT_OF_RANGE). */
export const hireDateSchema = z.iso
  .date()
  .refine((v) => v >= HIRE_DATE_MIN && v <= MAX_DATE, { message: `Must be between ${HIRE_DATE_MIN} and ${MAX_DATE}` });

/** Whether a hire date is accepted on `today`: a real day from HIRE_DATE_MIN to a year after today. */
export function isHireDateInRange(date: string, today: string): boolean {
  return hireDateSchema.safeParse(date).success && date <= latestHireDate(today);
}

// ---------------------------------------------------------------------------------------------
// Cells of an imported file
// ---------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' when it is a real day, else null. */
function realDay(year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return z.iso.date().safeParse(text).success ? text : null;
}

/**
 * A birthday as a file may hold it, as 'MM-DD', or null when it is not one: 'MM-DD'; 'YYYY-MM-DD' (a real
 * day; the year is dropped); 'DD/MM' or 'DD/MM/YYYY' (one or two digits for the day and month; a year must
 * make it a real day). A spreadsheet's date cell arrives as 'YYYY-MM-DD'.
 */
export function birthdayFromCell(text: string): string | null {
  const cell = text.trim();
  if (isMonthDay(cell)) return cell;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? `${iso[2]}-${iso[3]}` : null;
  const slashed = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(cell);
  if (!slashed) return null;
  const [day, month] = [Number(slashed[1]), Number(slashed[2])];
  const monthDay = `${pad(month)}-${pad(day)}`;
  if (!isMonthDay(monthDay)) return null;
  return slashed[3] === undefined || realDay(Number(slashed[3]), month, day) ? monthDay : null;
}

/**
 * A hire date as a file may hold it, as 'YYYY-MM-DD', or null when it is not a real day: 'YYYY-MM-DD' or
 * 'DD/MM/YYYY' (one or two digits for the day and month). A spreadsheet's date cell arrives as 'YYYY-MM-DD'.
 * Its range is the review's (isHireDateInRange).
 */
export function hireDateFromCell(text: string): string | null {
  const cell = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  return slashed ? realDay(Number(slashed[3]), Number(slashed[2]), Number(slashed[1])) : null;
}

// ---------------------------------------------------------------------------------------------
// A person's own choices
// ---------------------------------------------------------------------------------------------

export const celebrationKindSchema = z.enum(celebrationKinds);
export const celebrationChoiceSchema = z.enum(celebrationChoices);

/** Per kind: the person's choice, or null for their store's default. */
const ownChoices = z.object({
  birthday: celebrationChoiceSchema.nullable(),
  anniversary: celebrationChoiceSchema.nullable(),
  welcome: celebrationChoiceSchema.nullable(),
});
export type OwnCelebrationChoices = Record<CelebrationKind, CelebrationChoice | null>;

/** Where the defaults shown come from: the store's own settings, or the program's (DEFAULT_CELEBRATIONS). */
export const celebrationDefaultsSources = ['store', 'program'] as const;

/** `GET /api/users/profile/celebrations`: the session user's dates and choices, with their store's defaults. */
export const ownCelebrationsSchema = z.object({
  /** 'MM-DD', never a year; null: not given. */
  birthday: z.string().nullable(),
  /** 'YYYY-MM-DD', set by the administrators (read only here). */
  hireDate: z.string().nullable(),
  choices: ownChoices,
  /** The choice each kind gets when the person's is null. */
  defaults: z.object({ birthday: celebrationChoiceSchema, anniversary: celebrationChoiceSchema, welcome: celebrationChoiceSchema }),
  storeDefaultsFrom: z.enum(celebrationDefaultsSources),
});
export type OwnCelebrations = z.infer<typeof ownCelebrationsSchema>;

/**
 * `PUT /api/users/profile/celebrations`: the session user's birthday (null clears it) and, per kind, their
 * choice (null: the store's default); what is left out stays. At least one field (NOTHING_TO_CHANGE).
 */
export const ownCelebrationsUpdateSchema = z
  .object({
    birthday: monthDaySchema.nullable().optional(),
    choices: z
      .object({
        birthday: celebrationChoiceSchema.nullable().optional(),
        anniversary: celebrationChoiceSchema.nullable().optional(),
        welcome: celebrationChoiceSchema.nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type OwnCelebrationsUpdate = z.infer<typeof ownCelebrationsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Importing people's dates: file, review, confirm
// ---------------------------------------------------------------------------------------------

/** The most rows one import (or one review request) may carry, as a bulk load's e-mails. */
export const MAX_PEOPLE_DATES_ROWS = MAX_LOAD_EMAILS;
/** The longest date cell the API reads. */
export const MAX_DATE_CELL = 40;

/** Why a row of an import is not written, in the order the review checks them. */
export const peopleDatesRejectionReasons = [
  'INVALID_FORMAT',
  'DUPLICATE_IN_LIST',
  'UNKNOWN_USER',
  'OTHER_STORE',
  'INVALID_BIRTHDAY',
  'INVALID_HIRE_DATE',
  'NO_DATES',
] as const;
export type PeopleDatesRejectionReason = (typeof peopleDatesRejectionReasons)[number];

/** A row as the file step reads it: the e-mail and the date cells as written (null: empty, the stored value stays). */
export const peopleDatesRowSchema = z
  .object({
    email: textSchema(MAX_EMAIL_INPUT),
    birthday: textSchema(MAX_DATE_CELL).nullable().default(null),
    hireDate: textSchema(MAX_DATE_CELL).nullable().default(null),
  })
  .strict();
export type PeopleDatesRow = z.input<typeof peopleDatesRowSchema>;

/** `data` of `POST /api/celebrations/dates/file`: the rows of a CSV or XLSX, in order. */
export const peopleDatesFileSchema = z.object({
  rows: z.array(z.object({ email: z.string(), birthday: z.string().nullable(), hireDate: z.string().nullable() })),
  format: z.enum(['csv', 'xlsx']),
  /** The sheet (XLSX) the rows came from. */
  sheet: z.string().nullable(),
  /** The headers of the columns read (null: the file has no such column). */
  columns: z.object({ email: z.string(), birthday: z.string().nullable(), hireDate: z.string().nullable() }),
});
export type PeopleDatesFile = z.infer<typeof peopleDatesFileSchema>;

/** `POST /api/celebrations/dates/review` and `POST /api/celebrations/dates`: the rows for a store's people. */
export const peopleDatesRequestSchema = z
  .object({
    storeId: idSchema,
    rows: z.array(peopleDatesRowSchema).min(1, 'Add at least one row').max(MAX_PEOPLE_DATES_ROWS),
  })
  .strict();
export type PeopleDatesRequest = z.output<typeof peopleDatesRequestSchema>;

export const peopleDatesCorrectSchema = z.object({
  index: z.number().int(),
  email: z.string(),
  userId: z.number().int(),
  name: z.string(),
  /** 'MM-DD' to write; null: the stored birthday stays. */
  birthday: z.string().nullable(),
  /** 'YYYY-MM-DD' to write; null: the stored hire date stays. */
  hireDate: z.string().nullable(),
});
export type PeopleDatesCorrect = z.infer<typeof peopleDatesCorrectSchema>;

export const peopleDatesIncorrectSchema = z.object({
  index: z.number().int(),
  email: z.string(),
  reason: z.enum(peopleDatesRejectionReasons),
});
export type PeopleDatesIncorrect = z.infer<typeof peopleDatesIncorrectSchema>;

/** `data` of the review: each row once, by its position in the request; nothing is written. */
export const peopleDatesReviewSchema = z.object({
  correct: z.array(peopleDatesCorrectSchema),
  incorrect: z.array(peopleDatesIncorrectSchema),
});
export type PeopleDatesReview = z.infer<typeof peopleDatesReviewSchema>;

/** `data` of the confirm: how many people's dates were written, and the rows refused. */
export const peopleDatesResultSchema = z.object({
  updated: z.number().int(),
  incorrect: z.array(peopleDatesIncorrectSchema),
});
export type PeopleDatesResult = z.infer<typeof peopleDatesResultSchema>;

import { z } from 'zod';
import {
  boundedText,
  dateSchema,
  idSchema,
  intSchema,
  languageText,
  oneLanguageWritten,
  paginationSchema,
  queryId,
  reasonBounds,
  textSchema,
} from './common.ts';
import { bounds } from './constants.ts';
import { activityKinds, frequencyPeriods } from './enums.ts';
import { loadRejectionReasons, MAX_EMAIL_INPUT, MAX_LOAD_POINTS } from './load-rules.ts';

/**
 * Bulk loads of points (docs/architecture.md A6, docs/decisions/0005-bulk-loads.md): e-mails ->
 * recognition -> review -> confirm. The rules that need no database (format, duplicates) live in
 * load-rules.ts, without zod, so the server and the web split a list the same way.
 */

export * from './load-rules.ts';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * The activity of a load of a once-per-activity recognition (required then, refused otherwise): its
 * title and its date, which must be in the current program year and not after today (LOAD_ACTIVITY_DATE).
 */
export const loadActivitySchema = z.object({ title: boundedText(bounds.name), date: dateSchema }).strict();
export type LoadActivity = z.infer<typeof loadActivitySchema>;

/** E-mails as sent: at least one; the cap (MAX_LOAD_EMAILS) answers LOAD_TOO_MANY_EMAILS. */
export const loadEmailsSchema = z.array(textSchema(MAX_EMAIL_INPUT)).min(1, 'Add at least one e-mail');
export const loadPointsSchema = intSchema(1, MAX_LOAD_POINTS);

/** `POST /api/loads/review`: which e-mails would be credited. `points` defaults to the recognition's. */
export const loadReviewRequestSchema = z
  .object({
    storeId: idSchema,
    rewardId: idSchema,
    emails: loadEmailsSchema,
    points: loadPointsSchema.optional(),
    activity: loadActivitySchema.optional(),
  })
  .strict();
export type LoadReviewRequest = z.infer<typeof loadReviewRequestSchema>;

/**
 * `POST /api/loads/` (with an Idempotency-Key): credit the correct ones. The reason is what the receivers
 * read in their statement: in Spanish (`reason`), English (`reasonEn`) or both (docs/architecture.md A6.15),
 * each 3 to 300 characters when written.
 */
export const loadCreateSchema = loadReviewRequestSchema
  .extend({ reason: languageText(reasonBounds), reasonEn: languageText(reasonBounds) })
  .strict()
  .superRefine(oneLanguageWritten(['reason']));
export type LoadCreate = z.infer<typeof loadCreateSchema>;

export const loadListQuerySchema = paginationSchema
  .extend({
    /** Without it: every store the caller runs. */
    storeId: queryId.optional(),
    rewardId: queryId.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .strict();
export type LoadListQuery = z.infer<typeof loadListQuerySchema>;

/** Filters of the consolidated rows (one per receiver) and of their export. */
export const consolidatedFiltersSchema = z
  .object({
    /** The office (store) of the loads. */
    storeId: queryId.optional(),
    loadId: queryId.optional(),
    rewardId: queryId.optional(),
    /** The receiver's name or e-mail contains this. */
    receiver: textSchema(100).optional(),
    /** The sender's name or e-mail contains this. */
    sender: textSchema(100).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .strict();
export type ConsolidatedFilters = z.infer<typeof consolidatedFiltersSchema>;
export const consolidatedQuerySchema = consolidatedFiltersSchema.extend(paginationSchema.shape).strict();
export type ConsolidatedQuery = z.infer<typeof consolidatedQuerySchema>;
export const exportFormats = ['xlsx', 'csv'] as const;
export const consolidatedExportQuerySchema = consolidatedFiltersSchema.extend({ format: z.enum(exportFormats).default('xlsx') }).strict();
export type ConsolidatedExportQuery = z.infer<typeof consolidatedExportQuerySchema>;

export const loadEmailStatuses = ['correct', 'incorrect'] as const;
export const loadEmailsQuerySchema = paginationSchema.extend({ loadId: queryId, status: z.enum(loadEmailStatuses).optional() }).strict();
export type LoadEmailsQuery = z.infer<typeof loadEmailsQuerySchema>;

export const loadRewardsQuerySchema = z.object({ storeId: queryId }).strict();

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
/** A recognition as loads name it: its name in Spanish and English (docs/architecture.md A6.15). */
const named = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() });

export const reviewCorrectSchema = z.object({
  index: z.number().int(),
  email: z.string(),
  userId: z.number().int(),
  name: z.string(),
});
export type ReviewCorrect = z.infer<typeof reviewCorrectSchema>;
/** An activity as a load names it, and the load that credited it first (a refusal names it). */
export const creditedActivitySchema = z.object({ title: z.string(), date: z.string(), loadId: z.number().int() });
export type CreditedActivity = z.infer<typeof creditedActivitySchema>;

export const reviewIncorrectSchema = z.object({
  index: z.number().int(),
  email: z.string(),
  reason: z.enum(loadRejectionReasons),
  /** FREQUENCY_LIMIT of a once-per-activity recognition: the activity the person already received it for. */
  activity: creditedActivitySchema.optional(),
});
export type ReviewIncorrect = z.infer<typeof reviewIncorrectSchema>;

/** `data` of `POST /api/loads/review`: each e-mail once, by its position in the request. */
export const loadReviewSchema = z.object({
  correct: z.array(reviewCorrectSchema),
  incorrect: z.array(reviewIncorrectSchema),
  /** The points each correct one would get. */
  points: z.number().int(),
  /** Points can be credited today (else the confirm answers ACCRUAL_CLOSED). */
  accrualOpen: z.boolean(),
});
export type LoadReview = z.infer<typeof loadReviewSchema>;

/** A load group: the report of /admin/loads/report/{id} and a row of GET /api/loads/. */
export const loadSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  reward: named.nullable(),
  /** What the receivers read, in Spanish and English ('' where a language was not written). */
  reason: z.string(),
  reasonEn: z.string(),
  /** The activity of a once-per-activity recognition's load (title as written, date YYYY-MM-DD). */
  activity: z.object({ title: z.string(), date: z.string() }).nullable(),
  points: z.number().int(),
  receivers: z.number().int(),
  rejected: z.number().int(),
  totalPoints: z.number().int(),
  sender: person,
  senderStoreName: z.string().nullable(),
  createdAt: z.string(),
});
export type Load = z.infer<typeof loadSchema>;

/** A recognition as the wizard offers it. */
export const loadRewardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  points: z.number().int(),
  frequencyLimit: z.number().int(),
  frequencyPeriod: z.enum(frequencyPeriods),
  /** Once per activity: what kind (the wizard then asks for the activity's title and date). */
  activityKind: z.enum(activityKinds).nullable(),
});
export type LoadReward = z.infer<typeof loadRewardSchema>;

/** One consolidated row: one receiver of one load (docs/architecture.md P3, "consolidated load record"). */
export const consolidatedRowSchema = z.object({
  id: z.number().int(),
  loadId: z.number().int(),
  reward: named.nullable(),
  receiver: person,
  receiverStoreName: z.string().nullable(),
  sender: person,
  senderStoreName: z.string().nullable(),
  points: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsolidatedRow = z.infer<typeof consolidatedRowSchema>;

/**
 * `GET /api/loads/consolidated/`: docs/architecture.md P7's `data.loads` and `data.totalCount`, with the house list
 * envelope's paging beside them.
 */
export const consolidatedPageSchema = z.object({
  data: z.object({ loads: z.array(consolidatedRowSchema), totalCount: z.number().int() }),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type ConsolidatedPage = z.infer<typeof consolidatedPageSchema>;

/** One e-mail of a load (`GET /api/loads/emails/`): credited, or refused with its reason. */
export const loadEmailSchema = z.object({
  email: z.string(),
  status: z.enum(loadEmailStatuses),
  reason: z.enum(loadRejectionReasons).nullable(),
  userId: z.number().int().nullable(),
  name: z.string().nullable(),
});
export type LoadEmail = z.infer<typeof loadEmailSchema>;

/** `data` of `POST /api/loads/emails/file`: the e-mails a CSV or XLSX holds, in order. */
export const loadFileSchema = z.object({
  emails: z.array(z.string()),
  format: z.enum(['csv', 'xlsx']),
  /** The sheet (XLSX) the e-mails came from. */
  sheet: z.string().nullable(),
  /** The column's header when the file has one ("Correo"), else null. */
  column: z.string().nullable(),
});
export type LoadFile = z.infer<typeof loadFileSchema>;

import { z } from 'zod';
import { idSchema, intSchema, paginationSchema, queryInt } from './common.ts';
import {
  CELEBRATION_POINTS_MAX,
  celebrationChoices,
  celebrationKinds,
  feb29Rules,
  HEADS_UP_DAYS_MAX,
  MILESTONE_YEARS_MAX,
  MILESTONES_MAX,
  UPCOMING_DAYS,
  type CelebrationChoice,
  type CelebrationKind,
  type CelebrationSettingsValues,
} from './celebration-rules.ts';

/*
 * A store's celebrations, for its administrators (docs/architecture.md A6.17): its settings (GET/PUT
 * /api/celebrations/stores/{id}/settings) and its people's celebrations of the coming days (GET
 * /api/celebrations/stores/{id}/upcoming, and .../upcoming/export as XLSX or CSV). The zod schemas of the
 * server and the OpenAPI document, each held to its type.
 */

export const celebrationAdminApi = {
  settings: (storeId: number) => `/api/celebrations/stores/${storeId}/settings`,
  upcoming: (storeId: number) => `/api/celebrations/stores/${storeId}/upcoming`,
  upcomingExport: (storeId: number) => `/api/celebrations/stores/${storeId}/upcoming/export`,
} as const;

/** The most days ahead the list of upcoming celebrations looks. */
export const UPCOMING_DAYS_MAX = 90;

/** GET/PUT /api/celebrations/stores/{id}/settings: the store's settings (the defaults until it saves its own). */
export interface CelebrationSettings extends CelebrationSettingsValues {
  storeId: number;
  /**
   * The store budget (scope `store`, open, of this store) its celebrations' points are spent from
   * (docs/architecture.md A6.17, A6.19); null: not counted against a budget.
   */
  budgetId: number | null;
  /** null: the store never saved its own (these are DEFAULT_CELEBRATIONS). */
  updatedAt: string | null;
}

/** One person's celebration in the coming days, as their store's administrators see it. */
export interface UpcomingCelebration {
  /** The local day ('YYYY-MM-DD') of the person's zone it falls on (after the store's 29 February rule). */
  date: string;
  kind: CelebrationKind;
  /** An anniversary's years of service; null for every other kind. */
  years: number | null;
  userId: number;
  name: string;
  email: string;
  /** The person's own choice, else their store's default; `none`: not celebrated. */
  choice: CelebrationChoice;
  /** Whether `choice` is the store's default (the person made none of their own). */
  choiceIsDefault: boolean;
  /** The points the store's settings give that day (0 when not celebrated). */
  points: number;
  /** The zone the day is counted in: the person's position's, else their office's, else the program's. */
  timeZone: string;
}

const choice = z.enum(celebrationChoices);
const celebrationPoints = intSchema(0, CELEBRATION_POINTS_MAX);
const MILESTONE_YEARS = /^[1-9][0-9]?$/;

/**
 * Years of service (as JSON object keys: '5', '10'…) -> the points of that anniversary. A key that is not a
 * whole number of years from 1 to MILESTONE_YEARS_MAX is refused at its own path (`milestones.<key>`).
 */
export const milestonesSchema = z
  .record(z.string(), celebrationPoints)
  .superRefine((m, ctx) => {
    for (const key of Object.keys(m))
      if (!MILESTONE_YEARS.test(key) || Number(key) > MILESTONE_YEARS_MAX)
        ctx.addIssue({ code: 'custom', path: [key], message: `Years of service from 1 to ${MILESTONE_YEARS_MAX}` });
    if (Object.keys(m).length > MILESTONES_MAX) ctx.addIssue({ code: 'custom', message: `At most ${MILESTONES_MAX} milestones` });
  })
  .describe(`Years of service (1-${MILESTONE_YEARS_MAX}, as keys) -> points of that anniversary, at most ${MILESTONES_MAX}`);

const defaultsSchema = z.object({ birthday: choice, anniversary: choice, welcome: choice }).strict();

/** PUT /api/celebrations/stores/{id}/settings: every setting (what the form shows), none left out. */
export const celebrationSettingsInputSchema = z
  .object({
    localHour: intSchema(0, 23),
    birthdayPoints: celebrationPoints,
    anniversaryPoints: celebrationPoints,
    welcomePoints: celebrationPoints,
    milestones: milestonesSchema,
    feb29: z.enum(feb29Rules),
    headsUpDays: intSchema(0, HEADS_UP_DAYS_MAX),
    defaults: defaultsSchema,
    budgetId: idSchema
      .nullable()
      .default(null)
      .describe('An open store-scope budget of this store that pays the celebrations; null or left out: none'),
  })
  .strict();
export type CelebrationSettingsInput = z.infer<typeof celebrationSettingsInputSchema>;

export const celebrationSettingsSchema = z.object({
  storeId: z.number().int(),
  localHour: z.number().int(),
  birthdayPoints: z.number().int(),
  anniversaryPoints: z.number().int(),
  welcomePoints: z.number().int(),
  milestones: z.record(z.string(), z.number().int()),
  feb29: z.enum(feb29Rules),
  headsUpDays: z.number().int(),
  defaults: z.object({ birthday: choice, anniversary: choice, welcome: choice }),
  budgetId: z.number().int().nullable(),
  updatedAt: z.string().describe('ISO 8601 instant').nullable(),
}) satisfies z.ZodType<CelebrationSettings>;

/** GET /api/celebrations/stores/{id}/upcoming: `days` local days from each person's today (included), a page at a time. */
export const upcomingQuerySchema = paginationSchema.extend({ days: queryInt(1, UPCOMING_DAYS_MAX).default(UPCOMING_DAYS) }).strict();
export type UpcomingQuery = z.infer<typeof upcomingQuerySchema>;

export const upcomingFormats = ['xlsx', 'csv'] as const;
/** GET /api/celebrations/stores/{id}/upcoming/export: every row of the list, as a file. */
export const upcomingExportQuerySchema = z
  .object({ days: queryInt(1, UPCOMING_DAYS_MAX).default(UPCOMING_DAYS), format: z.enum(upcomingFormats).default('xlsx') })
  .strict();
export type UpcomingExportQuery = z.infer<typeof upcomingExportQuerySchema>;

export const upcomingCelebrationSchema = z.object({
  date: z.string().describe('YYYY-MM-DD, a local day of the person'),
  kind: z.enum(celebrationKinds),
  years: z.number().int().nullable(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  choice,
  choiceIsDefault: z.boolean(),
  points: z.number().int(),
  timeZone: z.string(),
}) satisfies z.ZodType<UpcomingCelebration>;

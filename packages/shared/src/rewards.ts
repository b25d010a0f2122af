import { z } from 'zod';
import { bounds } from './constants.ts';
import {
  boolish,
  idSchema,
  intSchema,
  languageText,
  oneLanguageWritten,
  paginationSchema,
  queryId,
  requiredId,
  requiredInt,
  textSchema,
} from './common.ts';
import { activityKinds, frequencyPeriods } from './enums.ts';
import { MAX_REWARD_FREQUENCY, MAX_REWARD_POINTS, REWARD_CODE_MAX, REWARD_CODE_PATTERN } from './reward-rules.ts';

export * from './reward-rules.ts';

/**
 * A recognition: the points it gives and how often one person may receive it: a count per period
 * (year, month, day), or once per activity (`frequencyPeriod` 'activity', `frequencyLimit` 1), where
 * each load names the activity and `activityKind` says what it is (class, trivia, webinar, other).
 */
export const rewardSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  areaNameEn: z.string().nullable(),
  code: z.string(),
  /** Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  points: z.number().int(),
  frequencyLimit: z.number().int(),
  frequencyPeriod: z.enum(frequencyPeriods),
  /** Set exactly when `frequencyPeriod` is 'activity'. */
  activityKind: z.enum(activityKinds).nullable(),
  active: z.boolean(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardListQuerySchema = paginationSchema
  .extend({
    /** Default: the user's store, or the default store when signed out (the /about overview). */
    storeId: queryId.optional(),
    search: textSchema(120).optional(),
    areaId: queryId.optional(),
    /** Administrators of the store may list inactive recognitions too; everyone else sees active ones. */
    active: boolish.optional(),
  })
  .strict();
export type RewardListQuery = z.infer<typeof rewardListQuerySchema>;

export const rewardCodeSchema = textSchema(REWARD_CODE_MAX).refine((v) => v === '' || REWARD_CODE_PATTERN.test(v), {
  message: 'Use lower-case letters, digits and dashes',
});

const rewardFormFields = {
  name: languageText(bounds.name),
  nameEn: languageText(bounds.name),
  description: languageText(bounds.description),
  descriptionEn: languageText(bounds.description),
  areaId: requiredId,
  points: requiredInt(1, MAX_REWARD_POINTS),
  frequencyLimit: requiredInt(1, MAX_REWARD_FREQUENCY),
  frequencyPeriod: z.enum(frequencyPeriods, { error: 'Required field' }),
  /** Required with the period 'activity' (what kind of activity); ignored and stored empty with the others. */
  activityKind: z.enum(activityKinds, { error: 'Required field' }).nullable().optional(),
  code: rewardCodeSchema.optional(),
};

/** The form's numbers as a JSON body carries them: JSON numbers, never their text (docs/architecture.md A4). */
const rewardBodyNumbers = {
  areaId: idSchema,
  points: intSchema(1, MAX_REWARD_POINTS),
  frequencyLimit: intSchema(1, MAX_REWARD_FREQUENCY),
};

/** Once per activity means once: the kind is required and the count is 1. */
function oncePerActivity(v: { frequencyPeriod: string; frequencyLimit: number; activityKind?: string | null }, ctx: z.RefinementCtx) {
  if (v.frequencyPeriod !== 'activity') return;
  if (!v.activityKind) ctx.addIssue({ code: 'custom', path: ['activityKind'], message: 'Required field' });
  if (v.frequencyLimit !== 1) ctx.addIssue({ code: 'custom', path: ['frequencyLimit'], message: 'Must be 1 for once per activity' });
}

/**
 * The web's create and edit form (its numbers as the fields' text). `areaId` is required ("select an area", docs/architecture.md P5) and must be an
 * area of the recognition's store. `code` is optional: left empty, the server derives a unique one from
 * the name on create and keeps the current one on edit. The period accepts 'day' so that recognitions
 * stored with it keep it when edited; 'activity' (once per activity) needs `activityKind` and a limit of 1.
 * Name and description in Spanish, English or both (A6.15); on edit a language left out keeps what is stored.
 */
export const rewardFormSchema = z
  .object(rewardFormFields)
  .strict()
  .superRefine(oncePerActivity)
  .superRefine(oneLanguageWritten(['name', 'description'], { partial: true }));
export type RewardForm = z.infer<typeof rewardFormSchema>;
/** `PUT /api/rewards/{id}`: the form's fields in JSON. */
export const rewardUpdateSchema = z
  .object({ ...rewardFormFields, ...rewardBodyNumbers })
  .strict()
  .superRefine(oncePerActivity)
  .superRefine(oneLanguageWritten(['name', 'description'], { partial: true }));
/** `POST /api/rewards`: the form's fields and the store, in JSON. */
export const rewardCreateSchema = z
  .object({ ...rewardFormFields, ...rewardBodyNumbers, storeId: idSchema })
  .strict()
  .superRefine(oncePerActivity)
  .superRefine(oneLanguageWritten(['name', 'description']));
export type RewardCreate = z.infer<typeof rewardCreateSchema>;

export const rewardsByAreaQuerySchema = z.object({ storeId: queryId.optional() }).strict();

/** One group of GET /api/rewards/area/: an active area (null: recognitions without an area) and its active recognitions. */
export const rewardAreaGroupSchema = z.object({
  area: z
    .object({ id: z.number().int(), name: z.string(), nameEn: z.string(), description: z.string(), descriptionEn: z.string() })
    .nullable(),
  rewards: z.array(rewardSchema),
});
export type RewardAreaGroup = z.infer<typeof rewardAreaGroupSchema>;

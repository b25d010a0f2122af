import { z } from 'zod';
import { idSchema, intSchema, languageText, oneLanguageWritten, queryId, queryInt, textSchema } from './common.ts';
import {
  BOOST_MAX,
  BOOST_NOTE_MAX,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  GIVING_AMOUNT_MAX,
  givingPeriods,
  MAX_RECIPIENTS,
  MIN_MESSAGE_MAX,
  PEER_MESSAGE_MAX,
  PEER_POINTS_MAX,
  peerReactions,
  PEOPLE_MAX,
  recognitionKinds,
  PER_REPORT_MAX,
  VALUE_COLOR_PATTERN,
  VALUE_EMOJI_MAX,
  VALUE_NAME_MAX,
  type Allowance,
  type CompanyValue,
  type GivingSettings,
  type PeerAddon,
  type PeerComment,
  type PeerPerson,
  type PeerPersonResult,
  type Recognition,
} from './peer-rules.ts';

export * from './peer-rules.ts';

/*
 * Peer recognition's API (docs/architecture.md A6.16): the zod schemas of the server and the OpenAPI
 * document. The shapes are the zod-free types of peer-rules.ts, which the web reads; each schema here is
 * held to its type.
 */

const isoInstant = z.string().describe('ISO 8601 instant');
const localDay = z.string().describe('YYYY-MM-DD, a local day of the program time zone');

export const peerPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  office: z.string().nullable(),
}) satisfies z.ZodType<PeerPerson>;

export const peerPersonResultSchema = peerPersonSchema.extend({
  storeId: z.number().int().nullable(),
}) satisfies z.ZodType<PeerPersonResult>;

export const peerValueTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  emoji: z.string().nullable(),
  color: z.string().nullable(),
});

export const companyValueSchema = peerValueTagSchema.extend({
  storeId: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
}) satisfies z.ZodType<CompanyValue>;

export const peerCommentSchema = z.object({
  id: z.number().int(),
  recognitionId: z.number().int(),
  author: peerPersonSchema,
  message: z.string(),
  createdAt: isoInstant,
}) satisfies z.ZodType<PeerComment>;

export const peerAddonSchema = z.object({
  id: z.number().int(),
  recognitionId: z.number().int(),
  giver: peerPersonSchema,
  points: z.number().int(),
  message: z.string().nullable(),
  createdAt: isoInstant,
}) satisfies z.ZodType<PeerAddon>;

export const recognitionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(recognitionKinds),
  years: z.number().int().nullable(),
  giver: peerPersonSchema.nullable(),
  recipients: z.array(peerPersonSchema),
  points: z.number().int(),
  totalPoints: z.number().int(),
  message: z.string(),
  values: z.array(peerValueTagSchema),
  private: z.boolean(),
  createdAt: isoInstant,
  comments: z.array(peerCommentSchema),
  commentCount: z.number().int(),
  addons: z.array(peerAddonSchema),
  reactions: z.array(z.object({ emoji: z.enum(peerReactions), count: z.number().int(), mine: z.boolean() })),
}) satisfies z.ZodType<Recognition>;

export const recognitionPageSchema = z.object({ data: z.array(recognitionSchema), nextCursor: z.string().nullable() });

export const allowanceSchema = z.object({
  amount: z.number().int(),
  given: z.number().int(),
  remaining: z.number().int(),
  boost: z.number().int(),
  periodStart: localDay,
  periodEnd: localDay,
  minMessage: z.number().int(),
  shareCapPercent: z.number().int(),
  valuesRequired: z.boolean(),
}) satisfies z.ZodType<Allowance>;

export const givingSettingsSchema = z.object({
  storeId: z.number().int(),
  amount: z.number().int(),
  period: z.enum(givingPeriods),
  minMessage: z.number().int(),
  shareCapPercent: z.number().int(),
  perReport: z.number().int(),
  updatedAt: isoInstant.nullable(),
}) satisfies z.ZodType<GivingSettings>;

// ---- Input ----

/**
 * POST /api/recognitions. The message's lower bound is the giver's store's `minMessage` (MESSAGE_TOO_SHORT,
 * checked by the server); `values` must name at least one active value of the giver's store when it has any.
 */
export const recognitionCreateSchema = z
  .object({
    recipients: z
      .array(idSchema)
      .min(1, 'Required field')
      .max(MAX_RECIPIENTS)
      .refine((ids) => new Set(ids).size === ids.length, 'Each person once'),
    points: intSchema(1, PEER_POINTS_MAX),
    message: textSchema(PEER_MESSAGE_MAX),
    values: z
      .array(idSchema)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, 'Each value once')
      .default([]),
    private: z.boolean().default(false),
  })
  .strict();
export type RecognitionCreate = z.infer<typeof recognitionCreateSchema>;

/** POST /api/recognitions/{id}/addons: every recipient gets `points` from the caller's allowance. */
export const addonCreateSchema = z
  .object({
    points: intSchema(1, PEER_POINTS_MAX),
    message: textSchema(PEER_MESSAGE_MAX).optional(),
  })
  .strict();
export type AddonCreate = z.infer<typeof addonCreateSchema>;

export const commentCreateSchema = z.object({ message: textSchema(PEER_MESSAGE_MAX, 1) }).strict();

/** The feed's `kind` filter: colleagues' recognitions, or the company's celebrations (any of their kinds). */
export const feedKinds = ['recognition', 'celebration'] as const;
export type FeedKind = (typeof feedKinds)[number];

/**
 * GET /api/recognitions: newest first, `cursor` from the previous page's `nextCursor`. `personId` with
 * `direction` (default both): given by and/or received by that person (the profile's tabs); `storeId`:
 * given from or received in that store; `kind`: only colleagues' recognitions, or only the company's
 * celebrations (docs/architecture.md A6.17: the feed's "today's celebrations").
 */
export const feedQuerySchema = z
  .object({
    cursor: queryId.optional(),
    limit: queryInt(1, FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
    valueId: queryId.optional(),
    personId: queryId.optional(),
    direction: z.enum(['given', 'received', 'both']).default('both'),
    storeId: queryId.optional(),
    kind: z.enum(feedKinds).optional().describe("recognition: colleagues' gives only; celebration: the company's celebrations only"),
  })
  .strict();
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const peopleQuerySchema = z
  .object({
    q: textSchema(120).default(''),
    /** One colleague by id (the give dialog opened for a person, e.g. from a manager's heads-up link). */
    id: queryId.optional(),
    limit: queryInt(1, PEOPLE_MAX).default(PEOPLE_MAX),
  })
  .strict();

export const reactionParamsSchema = z.object({ id: queryId, emoji: z.enum(peerReactions) }).strict();

export const storeValuesQuerySchema = z.object({ storeId: queryId.optional() }).strict();

export const givingSettingsInputSchema = z
  .object({
    amount: intSchema(1, GIVING_AMOUNT_MAX),
    period: z.enum(givingPeriods),
    minMessage: intSchema(0, MIN_MESSAGE_MAX),
    shareCapPercent: intSchema(1, 100),
    perReport: intSchema(0, PER_REPORT_MAX),
  })
  .strict();
export type GivingSettingsInput = z.infer<typeof givingSettingsInputSchema>;

const valueColor = textSchema(7)
  .refine((v) => v === '' || VALUE_COLOR_PATTERN.test(v), 'Use a colour like #1a2b3c')
  .nullable()
  .optional();
const valueFields = {
  name: languageText({ min: 1, max: VALUE_NAME_MAX }),
  nameEn: languageText({ min: 1, max: VALUE_NAME_MAX }),
  emoji: textSchema(VALUE_EMOJI_MAX).nullable().optional(),
  color: valueColor,
  position: intSchema(0, 10_000).optional(),
  active: z.boolean().optional(),
};
/** POST /api/stores/{id}/values: the name in Spanish, English or both (docs/architecture.md A6.15). */
export const valueCreateSchema = z
  .object(valueFields)
  .strict()
  .superRefine(oneLanguageWritten(['name']));
export type ValueCreate = z.infer<typeof valueCreateSchema>;
/** PUT /api/values/{id}: a field left out keeps what is stored. */
export const valueUpdateSchema = z
  .object(valueFields)
  .strict()
  .superRefine(oneLanguageWritten(['name'], { partial: true }));
export type ValueUpdate = z.infer<typeof valueUpdateSchema>;

export const boostCreateSchema = z
  .object({
    points: intSchema(1, BOOST_MAX),
    note: textSchema(BOOST_NOTE_MAX).optional(),
  })
  .strict();

export const managerUpdateSchema = z.object({ managerId: idSchema.nullable() }).strict();

/** What POST /api/users/{id}/allowance-boosts answers: the person's allowance after it. */
export const boostResultSchema = z.object({
  userId: z.number().int(),
  boost: z.number().int(),
  boostExpires: localDay.nullable(),
  remaining: z.number().int(),
});

export const managerResultSchema = z.object({ userId: z.number().int(), managerId: z.number().int().nullable() });

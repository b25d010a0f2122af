import { z } from 'zod';
import { bounds } from './constants.ts';
import {
  boolish,
  dateTimeSchema,
  idSchema,
  intSchema,
  languageText,
  oneLanguageWritten,
  paginationSchema,
  queryId,
  requiredInt,
  textSchema,
} from './common.ts';
import { challengeTypes, type ChallengeType } from './enums.ts';
import {
  CHALLENGE_ANSWER_MAX,
  CHALLENGE_OPTION_MAX,
  CHALLENGE_QUESTION_MAX,
  challengeMessages,
  MAX_CHALLENGE_OPTIONS,
  MAX_CHALLENGE_POINTS,
  MAX_CHALLENGE_QUESTIONS,
  MAX_CHALLENGE_WINNERS,
} from './challenge-rules.ts';

/**
 * Surprise challenges (docs/architecture.md A6, docs/decisions/0008-challenges.md): multiple choice
 * (winners are the first N participants with every answer right) or open-ended (an administrator
 * chooses at most N); one active per store; a user answers once, every question, while it is open.
 */

export * from './challenge-rules.ts';

/** Where a challenge is: derived from its flags and the clock, never stored. */
export const challengeStatuses = ['inactive', 'scheduled', 'open', 'ended', 'awarded'] as const;
export type ChallengeStatus = (typeof challengeStatuses)[number];

export function challengeStatus(
  c: { isActive: boolean; awardedAt: string | Date | null; startsAt: string | Date; endsAt: string | Date },
  now: Date,
): ChallengeStatus {
  if (c.awardedAt) return 'awarded';
  if (!c.isActive) return 'inactive';
  if (now.getTime() < new Date(c.startsAt).getTime()) return 'scheduled';
  if (now.getTime() >= new Date(c.endsAt).getTime()) return 'ended';
  return 'open';
}

// ------------------------------------------------------------------------------------------------
// Input
// ------------------------------------------------------------------------------------------------

/** An option's text in Spanish, English or both (docs/architecture.md A6.15). */
export const challengeOptionInputSchema = z
  .object({
    text: languageText({ min: 1, max: CHALLENGE_OPTION_MAX }),
    textEn: languageText({ min: 1, max: CHALLENGE_OPTION_MAX }),
    isCorrect: z.boolean().default(false),
  })
  .strict()
  .superRefine(oneLanguageWritten(['text']));

/** A question's text in Spanish, English or both (docs/architecture.md A6.15). */
export const challengeQuestionInputSchema = z
  .object({
    text: languageText({ min: 3, max: CHALLENGE_QUESTION_MAX }),
    textEn: languageText({ min: 3, max: CHALLENGE_QUESTION_MAX }),
    /** Multiple choice: 2 or more, exactly one correct. Open-ended: none (any given are dropped). */
    options: z.array(challengeOptionInputSchema).max(MAX_CHALLENGE_OPTIONS).default([]),
  })
  .strict()
  .superRefine(oneLanguageWritten(['text']));

/** Title and description in Spanish, English or both (docs/architecture.md A6.15). */
const challengeFields = {
  title: languageText(bounds.name),
  titleEn: languageText(bounds.name),
  description: languageText(bounds.description),
  descriptionEn: languageText(bounds.description),
  type: z.enum(challengeTypes, { error: 'Required field' }),
  startsAt: dateTimeSchema,
  endsAt: dateTimeSchema,
  winners: requiredInt(1, MAX_CHALLENGE_WINNERS),
  pointsPerWinner: requiredInt(1, MAX_CHALLENGE_POINTS),
  questions: z.array(challengeQuestionInputSchema).min(1, challengeMessages.needsQuestion).max(MAX_CHALLENGE_QUESTIONS),
};
type ChallengeFields = z.output<z.ZodObject<typeof challengeFields>>;

function checkChallenge(v: ChallengeFields, ctx: z.RefinementCtx) {
  if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: challengeMessages.endBeforeStart });
  }
  if (v.type !== 'multiple_choice') return;
  v.questions.forEach((q, i) => {
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: challengeMessages.needsOptions });
    else if (q.options.filter((o) => o.isCorrect).length !== 1)
      ctx.addIssue({ code: 'custom', path: ['questions', i, 'options'], message: challengeMessages.oneCorrect });
  });
}

/** Open-ended questions keep no options: switching a draft from multiple choice drops them. */
const dropOpenOptions = <T extends ChallengeFields>(v: T): T =>
  v.type === 'open' ? { ...v, questions: v.questions.map((q) => ({ ...q, options: [] })) } : v;

/** The form's numbers as a JSON body carries them: JSON numbers, never their text (docs/architecture.md A4). */
const challengeBodyNumbers = {
  winners: intSchema(1, MAX_CHALLENGE_WINNERS),
  pointsPerWinner: intSchema(1, MAX_CHALLENGE_POINTS),
};

/**
 * The web's form (its numbers as the fields' text). Dates are instants with their zone; the end comes after the start;
 * multiple choice questions have 2 or more options, exactly one right.
 */
export const challengeFormSchema = z
  .object(challengeFields)
  .strict()
  .superRefine(oneLanguageWritten(['title', 'description'], { partial: true }))
  .superRefine(checkChallenge)
  .transform(dropOpenOptions);
export type ChallengeFormInput = z.input<typeof challengeFormSchema>;
export type ChallengeForm = z.output<typeof challengeFormSchema>;

/** `PUT /api/challenges/{id}`: the form's fields in JSON. */
export const challengeUpdateSchema = z
  .object({ ...challengeFields, ...challengeBodyNumbers })
  .strict()
  .superRefine(oneLanguageWritten(['title', 'description'], { partial: true }))
  .superRefine(checkChallenge)
  .transform(dropOpenOptions);

/** Create: the form's fields and its store, in JSON. */
export const challengeCreateSchema = z
  .object({ ...challengeFields, ...challengeBodyNumbers, storeId: idSchema })
  .strict()
  .superRefine(oneLanguageWritten(['title', 'description']))
  .superRefine(checkChallenge)
  .transform(dropOpenOptions);
export type ChallengeCreate = z.output<typeof challengeCreateSchema>;

export const challengeListQuerySchema = paginationSchema
  .extend({
    storeId: queryId,
    /** true: the active one; false: the others; absent: all. */
    active: boolish.optional(),
    search: textSchema(120).optional(),
  })
  .strict();
export type ChallengeListQuery = z.infer<typeof challengeListQuerySchema>;

/** One answer: the chosen option (multiple choice) or the text (open-ended). */
export const challengeAnswerInputSchema = z
  .object({
    questionId: idSchema,
    optionId: idSchema.optional(),
    text: textSchema(CHALLENGE_ANSWER_MAX).optional(),
  })
  .strict();

/** `POST /api/challenges/answers` (docs/architecture.md P3: "values and challenge"): every question, once. */
export const challengeAnswersSchema = z
  .object({
    challengeId: idSchema,
    values: z.array(challengeAnswerInputSchema).min(1).max(MAX_CHALLENGE_QUESTIONS),
  })
  .strict();
export type ChallengeAnswers = z.infer<typeof challengeAnswersSchema>;

/** The shopper's form: one entry per question, in order; each must be answered (docs/architecture.md P5). */
export function challengeAnswersFormSchema(type: ChallengeType) {
  return z.object({
    values: z.array(
      z.object({ questionId: idSchema, optionId: z.string().optional(), text: z.string().optional() }).superRefine((a, ctx) => {
        const answered = type === 'multiple_choice' ? Boolean(a.optionId) : Boolean(a.text?.trim());
        if (!answered)
          ctx.addIssue({
            code: 'custom',
            path: [type === 'multiple_choice' ? 'optionId' : 'text'],
            message: challengeMessages.answerRequired,
          });
        if (a.text && a.text.length > CHALLENGE_ANSWER_MAX) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Too long!' });
      }),
    ),
  });
}

export const userChallengeQuerySchema = z.object({ storeId: queryId.optional() }).strict();
export const challengeParticipantsQuerySchema = paginationSchema.extend({ challengeId: queryId }).strict();
export type ChallengeParticipantsQuery = z.infer<typeof challengeParticipantsQuerySchema>;

/**
 * `POST /api/loads/challenge`: credit the winners once. Multiple choice: no userIds (the first N
 * participants with every answer right). Open-ended: the administrator's choice, 1 to N participants.
 */
export const challengeAwardSchema = z
  .object({
    challengeId: idSchema,
    userIds: z.array(idSchema).min(1).max(MAX_CHALLENGE_WINNERS).optional(),
  })
  .strict();
export type ChallengeAward = z.infer<typeof challengeAwardSchema>;

// ------------------------------------------------------------------------------------------------
// Output
// ------------------------------------------------------------------------------------------------

/** Texts in Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
export const challengeOptionSchema = z.object({ id: z.number().int(), text: z.string(), textEn: z.string(), isCorrect: z.boolean() });
export const challengeQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  textEn: z.string(),
  options: z.array(challengeOptionSchema),
});
export type ChallengeQuestion = z.infer<typeof challengeQuestionSchema>;

/** A challenge in the administrators' list. */
export const challengeSummarySchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  type: z.enum(challengeTypes),
  winners: z.number().int(),
  pointsPerWinner: z.number().int(),
  /** winners x pointsPerWinner. */
  totalPoints: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  isActive: z.boolean(),
  status: z.enum(challengeStatuses),
  awardedAt: z.string().nullable(),
  /** The load group that credited the winners. */
  loadId: z.number().int().nullable(),
  questionCount: z.number().int(),
  participants: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChallengeSummary = z.infer<typeof challengeSummarySchema>;

/** One challenge for its administrators: with its questions and the right options. */
export const challengeSchema = challengeSummarySchema.extend({ questions: z.array(challengeQuestionSchema) });
export type Challenge = z.infer<typeof challengeSchema>;

export const submittedAnswerSchema = z.object({
  questionId: z.number().int(),
  optionId: z.number().int().nullable(),
  text: z.string().nullable(),
});

/** `GET /api/challenges/userChallenge`: the store's active challenge as a shopper sees it (no right options). */
export const userChallengeSchema = z.object({
  challenge: challengeSummarySchema
    .pick({
      id: true,
      storeId: true,
      title: true,
      titleEn: true,
      description: true,
      descriptionEn: true,
      type: true,
      winners: true,
      pointsPerWinner: true,
      totalPoints: true,
      startsAt: true,
      endsAt: true,
      status: true,
      awardedAt: true,
    })
    .extend({
      questions: z.array(
        z.object({
          id: z.number().int(),
          text: z.string(),
          textEn: z.string(),
          options: z.array(z.object({ id: z.number().int(), text: z.string(), textEn: z.string() })),
        }),
      ),
    }),
  /** The user's own answers, once sent. */
  submission: z
    .object({
      submittedAt: z.string(),
      values: z.array(submittedAnswerSchema),
      isWinner: z.boolean(),
      awardedAt: z.string().nullable(),
    })
    .nullable(),
  /** The server's clock, so a countdown runs on the time the rules use. */
  now: z.string(),
});
export type UserChallenge = z.infer<typeof userChallengeSchema>;

export const challengeSubmissionSchema = z.object({
  challengeId: z.number().int(),
  submittedAt: z.string(),
  values: z.array(submittedAnswerSchema),
});
export type ChallengeSubmission = z.infer<typeof challengeSubmissionSchema>;

/** A participant with their answers, for the administrators of the store. */
export const challengeParticipantSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  submittedAt: z.string(),
  /** Multiple choice: every answer right; open-ended: null. */
  allCorrect: z.boolean().nullable(),
  /** Multiple choice, not awarded yet: among the first N with every answer right (who would win now). */
  autoWinner: z.boolean(),
  isWinner: z.boolean(),
  awardedAt: z.string().nullable(),
  values: z.array(
    submittedAnswerSchema.extend({
      optionText: z.string().nullable(),
      optionTextEn: z.string().nullable(),
      isCorrect: z.boolean().nullable(),
    }),
  ),
});
export type ChallengeParticipant = z.infer<typeof challengeParticipantSchema>;

export const challengeAwardResultSchema = z.object({
  challengeId: z.number().int(),
  loadId: z.number().int(),
  pointsPerWinner: z.number().int(),
  totalPoints: z.number().int(),
  awardedAt: z.string(),
  winners: z.array(z.object({ userId: z.number().int(), name: z.string(), email: z.string() })),
});
export type ChallengeAwardResult = z.infer<typeof challengeAwardResultSchema>;

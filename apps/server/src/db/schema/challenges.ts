import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { challengeTypes } from '@rewards/shared/enums';
import { audit, createdAt, english, oneLanguage } from './columns.ts';
import { stores, users } from './identity.ts';
import { loads } from './points.ts';

export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    title: text('title').notNull(),
    titleEn: english('title_en'),
    description: text('description').notNull(),
    descriptionEn: english('description_en'),
    type: text('type', { enum: challengeTypes }).notNull(),
    winners: integer('winners').notNull(),
    pointsPerWinner: integer('points_per_winner').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    /** The load group that credited the winners (POST /api/loads/challenge), once awarded. */
    loadId: integer('load_id').references(() => loads.id),
    /** When the store's users were told it opened (first activation): re-activating does not tell them again. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    ...audit,
  },
  (t) => [
    // One active challenge per store (ALREADY_ACTIVE).
    uniqueIndex('challenges_one_active_per_store_uq')
      .on(t.storeId)
      .where(sql`${t.isActive}`),
    check('challenges_winners_positive', sql`${t.winners} > 0`),
    check('challenges_points_nonnegative', sql`${t.pointsPerWinner} >= 0`),
    check('challenges_dates_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('challenges_title_written', oneLanguage(t.title, t.titleEn)),
    check('challenges_description_written', oneLanguage(t.description, t.descriptionEn)),
  ],
);

export const challengeQuestions = pgTable(
  'challenge_questions',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textEn: english('text_en'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    index('challenge_questions_challenge_idx').on(t.challengeId, t.position),
    check('challenge_questions_text_written', oneLanguage(t.text, t.textEn)),
  ],
);

export const challengeOptions = pgTable(
  'challenge_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => challengeQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textEn: english('text_en'),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('challenge_options_question_idx').on(t.questionId), check('challenge_options_text_written', oneLanguage(t.text, t.textEn))],
);

export const challengeParticipations = pgTable(
  'challenge_participations',
  {
    id: serial('id').primaryKey(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    submittedAt: createdAt(),
    allCorrect: boolean('all_correct'),
    isWinner: boolean('is_winner').notNull().default(false),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('challenge_participations_once_uq').on(t.challengeId, t.userId),
    index('challenge_participations_order_idx').on(t.challengeId, t.submittedAt),
  ],
);

export const challengeAnswers = pgTable(
  'challenge_answers',
  {
    id: serial('id').primaryKey(),
    participationId: integer('participation_id')
      .notNull()
      .references(() => challengeParticipations.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => challengeQuestions.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').references(() => challengeOptions.id, { onDelete: 'set null' }),
    text: text('text'),
  },
  (t) => [uniqueIndex('challenge_answers_once_uq').on(t.participationId, t.questionId)],
);

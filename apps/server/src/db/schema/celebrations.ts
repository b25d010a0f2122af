import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  celebrationChoices as choiceValues,
  celebrationKinds as kindValues,
  CELEBRATION_POINTS_MAX,
  DEFAULT_CELEBRATIONS,
  EXPIRY_REMINDER_DAYS,
  feb29Rules,
  HEADS_UP_DAYS_MAX,
} from '@rewards/shared/celebration-rules';
import { budgets } from './awards.ts';
import { createdAt } from './columns.ts';
import { stores, users } from './identity.ts';
import { peerRecognitions } from './peer.ts';

/*
 * People's dates and celebrations (docs/architecture.md A6.17, decision 0049). A person's dates are on users
 * (birthday 'MM-DD', hire_date, the generated hire_month_day). `celebrations`, `celebration_heads_ups` and
 * `expiry_reminders` are the keys that make each celebration, manager's heads-up and expiry reminder happen
 * once whatever the number of instances and runs (decision 0033): each is inserted in the work's own
 * transaction and only the rows that insert are acted on.
 */

const points = (column: string) => sql.raw(`${column} between 0 and ${CELEBRATION_POINTS_MAX}`);
const choiceIn = (column: string) => sql.raw(`${column} in (${choiceValues.map((c) => `'${c}'`).join(', ')})`);
const kindIn = (column: string) => sql.raw(`${column} in (${kindValues.map((k) => `'${k}'`).join(', ')})`);

/** A store's celebration settings; a store without a row celebrates by DEFAULT_CELEBRATIONS (celebration-rules.ts). */
export const celebrationSettings = pgTable(
  'celebration_settings',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    localHour: smallint('local_hour').notNull().default(DEFAULT_CELEBRATIONS.localHour),
    birthdayPoints: integer('birthday_points').notNull().default(DEFAULT_CELEBRATIONS.birthdayPoints),
    anniversaryPoints: integer('anniversary_points').notNull().default(DEFAULT_CELEBRATIONS.anniversaryPoints),
    welcomePoints: integer('welcome_points').notNull().default(DEFAULT_CELEBRATIONS.welcomePoints),
    /** Years of service (text keys) -> points instead of anniversary_points. */
    milestones: jsonb('milestones').$type<Record<string, number>>().notNull().default(DEFAULT_CELEBRATIONS.milestones),
    feb29: text('feb29', { enum: feb29Rules }).notNull().default(DEFAULT_CELEBRATIONS.feb29),
    /** Days ahead a person's manager hears of their public celebration; 0: never. */
    headsUpDays: smallint('heads_up_days').notNull().default(DEFAULT_CELEBRATIONS.headsUpDays),
    defaultBirthday: text('default_birthday', { enum: choiceValues }).notNull().default(DEFAULT_CELEBRATIONS.defaults.birthday),
    defaultAnniversary: text('default_anniversary', { enum: choiceValues }).notNull().default(DEFAULT_CELEBRATIONS.defaults.anniversary),
    defaultWelcome: text('default_welcome', { enum: choiceValues }).notNull().default(DEFAULT_CELEBRATIONS.defaults.welcome),
    /** The store budget its celebrations' points are spent from (A6.19); null: not counted against a budget. */
    budgetId: integer('budget_id').references(() => budgets.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('celebration_settings_local_hour', sql`${t.localHour} between 0 and 23`),
    check('celebration_settings_birthday_points', points('birthday_points')),
    check('celebration_settings_anniversary_points', points('anniversary_points')),
    check('celebration_settings_welcome_points', points('welcome_points')),
    check('celebration_settings_milestones', sql`jsonb_typeof(${t.milestones}) = 'object'`),
    check('celebration_settings_feb29', sql.raw(`feb29 in (${feb29Rules.map((r) => `'${r}'`).join(', ')})`)),
    check('celebration_settings_heads_up_days', sql.raw(`heads_up_days between 0 and ${HEADS_UP_DAYS_MAX}`)),
    check('celebration_settings_default_birthday', choiceIn('default_birthday')),
    check('celebration_settings_default_anniversary', choiceIn('default_anniversary')),
    check('celebration_settings_default_welcome', choiceIn('default_welcome')),
  ],
);

/** A person's own choice per kind; no row: their store's default. */
export const celebrationChoices = pgTable(
  'celebration_choices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: kindValues }).notNull(),
    choice: text('choice', { enum: choiceValues }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('celebration_choices_kind', kindIn('kind')),
    check('celebration_choices_choice', choiceIn('choice')),
  ],
);

/**
 * The once-key of a celebration: one per person, kind and local year of the day celebrated (a welcome's
 * year is the hire year, so it happens once ever). `choice` is what was done (public: the feed item
 * `recognition_id`; private: notification and points only; a person who chose 'none' has no row). `points`
 * were credited by the ledger row `transaction_id` (0 and null: none configured, or accrual closed).
 */
export const celebrations = pgTable(
  'celebrations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: kindValues }).notNull(),
    /** The local year of the day celebrated. */
    year: smallint('year').notNull(),
    /** The local day celebrated (after the 29 February rule). */
    onDate: date('on_date', { mode: 'string' }).notNull(),
    /** An anniversary's years of service; null for every other kind. */
    years: smallint('years'),
    choice: text('choice', { enum: ['public', 'private'] }).notNull(),
    points: integer('points').notNull(),
    /** The person's store and time zone as of the run. */
    storeId: integer('store_id'),
    timeZone: text('time_zone').notNull(),
    recognitionId: integer('recognition_id').references(() => peerRecognitions.id),
    transactionId: integer('transaction_id'),
    notificationId: integer('notification_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('celebrations_once').on(t.userId, t.kind, t.year),
    index('celebrations_on_date_idx').on(t.onDate),
    check('celebrations_kind', kindIn('kind')),
    check('celebrations_choice', sql`${t.choice} in ('public', 'private')`),
    check('celebrations_points', sql`${t.points} >= 0`),
  ],
);

/** Once per person, kind and year: their manager heard of the coming celebration. */
export const celebrationHeadsUps = pgTable(
  'celebration_heads_ups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: kindValues }).notNull(),
    year: smallint('year').notNull(),
    managerId: integer('manager_id').notNull(),
    onDate: date('on_date', { mode: 'string' }).notNull(),
    notificationId: integer('notification_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.year] }), check('celebration_heads_ups_kind', kindIn('kind'))],
);

/** Once per person, redemption cutoff (`expires_on`) and threshold: points about to expire were reminded. */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysBefore: smallint('days_before').notNull(),
    /** The balance reminded (always some). */
    points: integer('points').notNull(),
    notificationId: integer('notification_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.expiresOn, t.daysBefore] }),
    check('expiry_reminders_days_before', sql.raw(`days_before in (${EXPIRY_REMINDER_DAYS.join(', ')})`)),
    check('expiry_reminders_points', sql`${t.points} > 0`),
  ],
);

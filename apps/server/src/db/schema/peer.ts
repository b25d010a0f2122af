import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { givingPeriods, recognitionKinds } from '@rewards/shared/peer-rules';
import { audit, createdAt, english, oneLanguage } from './columns.ts';
import { stores, users } from './identity.ts';

/*
 * Peer recognition (docs/architecture.md A6.16, docs/decisions/0048-peer-recognition.md). The giving
 * allowance (`allowances`, `allowance_movements`) is written only by the SQL functions rs_allowance_reset,
 * rs_give and rs_boost_allowance (db/functions); it is never spendable and never part of `users.points`.
 */

/** A store's giving rules; a store without a row gives by the defaults (DEFAULT_GIVING, peer-rules.ts). */
export const givingSettings = pgTable(
  'giving_settings',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull().default(100),
    period: text('period', { enum: givingPeriods }).notNull().default('month'),
    minMessage: integer('min_message').notNull().default(20),
    shareCapPercent: integer('share_cap_percent').notNull().default(50),
    perReport: integer('per_report').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('giving_settings_amount', sql`${t.amount} between 1 and 100000`),
    check('giving_settings_period', sql`${t.period} in ('week', 'month', 'quarter')`),
    check('giving_settings_min_message', sql`${t.minMessage} between 0 and 2000`),
    check('giving_settings_share_cap', sql`${t.shareCapPercent} between 1 and 100`),
    check('giving_settings_per_report', sql`${t.perReport} between 0 and 100000`),
  ],
);

/** A store's company values, named in Spanish and English (docs/architecture.md A6.15). */
export const companyValues = pgTable(
  'company_values',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    nameEn: english('name_en'),
    emoji: text('emoji'),
    color: text('color'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...audit,
  },
  (t) => [
    index('company_values_store_idx').on(t.storeId, t.position),
    check('company_values_name_written', oneLanguage(t.name, t.nameEn)),
    check('company_values_color', sql`${t.color} is null or ${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/**
 * Each person's giving allowance in its current period (local days of the program time zone, both
 * inclusive): `remaining` of this period's grant `amount`, and `boost_remaining` of administrators' boosts
 * until `boost_expires`. Invariant: SUM(allowance_movements.value) = remaining + boost_remaining.
 */
export const allowances = pgTable(
  'allowances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    boostRemaining: integer('boost_remaining').notNull().default(0),
    boostExpires: date('boost_expires', { mode: 'string' }),
  },
  (t) => [
    check('allowances_remaining_nonnegative', sql`${t.remaining} >= 0`),
    check('allowances_boost_nonnegative', sql`${t.boostRemaining} >= 0`),
    index('allowances_period_idx').on(t.periodStart),
  ],
);

/**
 * A feed item. `kind` 'recognition': a colleague's give (giver, points > 0). Any other kind is the company's
 * celebration of one person (docs/architecture.md A6.17, decision 0049): no giver, never private, the points
 * credited (0 when none), `period_start` the local day celebrated and `celebration_years` an anniversary's
 * years; what counts gives (the allowance, the share cap, the peer report and dashboard) reads only kind
 * 'recognition'.
 */
export const peerRecognitions = pgTable(
  'peer_recognitions',
  {
    id: serial('id').primaryKey(),
    giverId: integer('giver_id').references(() => users.id),
    /** The giver's store when they gave (null: they had none); a celebration's: the person's store. */
    storeId: integer('store_id').references(() => stores.id),
    /** Points every recipient got. */
    points: integer('points').notNull(),
    message: text('message').notNull(),
    private: boolean('private').notNull().default(false),
    /** The giver's allowance period it was given in (the share cap counts per period); a celebration's day. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: recognitionKinds }).notNull().default('recognition'),
    celebrationYears: smallint('celebration_years'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('peer_recognitions_giver_key_uq').on(t.giverId, t.idempotencyKey),
    index('peer_recognitions_giver_idx').on(t.giverId, t.id.desc()),
    index('peer_recognitions_store_idx').on(t.storeId, t.id.desc()),
    index('peer_recognitions_giver_period_idx').on(t.giverId, t.periodStart),
    index('peer_recognitions_private_idx')
      .on(t.id.desc())
      .where(sql`${t.private}`),
    check(
      'peer_recognitions_kind_valid',
      sql`(${t.kind} = 'recognition' AND ${t.giverId} IS NOT NULL AND ${t.points} > 0) OR (${t.kind} IN ('birthday', 'anniversary', 'welcome') AND ${t.giverId} IS NULL AND ${t.points} >= 0 AND NOT ${t.private})`,
    ),
    index('peer_recognitions_celebration_idx')
      .on(t.id.desc())
      .where(sql`${t.kind} <> 'recognition'`),
  ],
);

export const peerRecognitionRecipients = pgTable(
  'peer_recognition_recipients',
  {
    recognitionId: integer('recognition_id')
      .notNull()
      .references(() => peerRecognitions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The recipient's store when they received it. */
    storeId: integer('store_id').references(() => stores.id),
  },
  (t) => [
    primaryKey({ columns: [t.recognitionId, t.userId] }),
    index('peer_recognition_recipients_user_idx').on(t.userId, t.recognitionId.desc()),
    index('peer_recognition_recipients_store_idx').on(t.storeId, t.recognitionId.desc()),
  ],
);

export const peerRecognitionValues = pgTable(
  'peer_recognition_values',
  {
    recognitionId: integer('recognition_id')
      .notNull()
      .references(() => peerRecognitions.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => companyValues.id),
  },
  (t) => [
    primaryKey({ columns: [t.recognitionId, t.valueId] }),
    index('peer_recognition_values_value_idx').on(t.valueId, t.recognitionId.desc()),
  ],
);

/** Points another colleague added to a recognition: every recipient got `points`. */
export const peerAddons = pgTable(
  'peer_addons',
  {
    id: serial('id').primaryKey(),
    recognitionId: integer('recognition_id')
      .notNull()
      .references(() => peerRecognitions.id, { onDelete: 'cascade' }),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    message: text('message'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('peer_addons_giver_key_uq').on(t.giverId, t.idempotencyKey),
    index('peer_addons_recognition_idx').on(t.recognitionId, t.id),
    index('peer_addons_giver_period_idx').on(t.giverId, t.periodStart),
    check('peer_addons_points_positive', sql`${t.points} > 0`),
  ],
);

/**
 * The allowance's ledger: `granted` and `boost` add (value > 0), `given` and `expired` take (value < 0);
 * for every person SUM(value) = allowances.remaining + allowances.boost_remaining.
 */
export const allowanceMovements = pgTable(
  'allowance_movements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['granted', 'given', 'expired', 'boost'] }).notNull(),
    value: integer('value').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    recognitionId: integer('recognition_id').references(() => peerRecognitions.id),
    addonId: integer('addon_id').references(() => peerAddons.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('allowance_movements_user_idx').on(t.userId, t.periodStart),
    check('allowance_movements_kind', sql`${t.kind} in ('granted', 'given', 'expired', 'boost')`),
    check(
      'allowance_movements_sign',
      sql`(${t.kind} in ('granted', 'boost') and ${t.value} > 0) or (${t.kind} in ('given', 'expired') and ${t.value} < 0)`,
    ),
  ],
);

export const peerComments = pgTable(
  'peer_comments',
  {
    id: serial('id').primaryKey(),
    recognitionId: integer('recognition_id')
      .notNull()
      .references(() => peerRecognitions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('peer_comments_recognition_idx').on(t.recognitionId, t.id)],
);

export const peerReactions = pgTable(
  'peer_reactions',
  {
    recognitionId: integer('recognition_id')
      .notNull()
      .references(() => peerRecognitions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recognitionId, t.userId, t.emoji] }),
    check('peer_reactions_emoji', sql`${t.emoji} in ('clap', 'heart', 'party', 'star', 'thumbsup', 'fire')`),
  ],
);

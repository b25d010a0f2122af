import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { transactionKinds } from '@rewards/shared/enums';
import { loadRejectionReasons } from '@rewards/shared/loads';
import { createdAt, english, oneLanguage } from './columns.ts';
import { rewards } from './catalog.ts';
import { stores, users } from './identity.ts';

/** The points ledger: source of truth; `users.points` is its running balance. */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
    kind: text('kind', { enum: transactionKinds }).notNull(),
    /** A readable text of the row; readers word it from `descriptionKey` and `descriptionValues` when the row has them. */
    description: text('description').notNull(),
    /**
     * What the row says, as a key and its values (docs/architecture.md A6.15; `MovementText` in
     * packages/shared/src/movement-text.ts): every row written since they exist has them, older rows have null.
     */
    descriptionKey: text('description_key'),
    descriptionValues: jsonb('description_values').$type<Record<string, unknown>>(),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('point_transactions_ref_idx').on(t.refType, t.refId),
  ],
);

/**
 * A bulk load of points (group record, docs/decisions/0005-bulk-loads.md): who sent it (and their office
 * then), the store, the recognition, the points each receiver got, and how many e-mails were credited
 * and refused. Written by `rs_credit_load` (db/functions/rs_credit_load.sql) with its entries, ledger
 * rows and notifications, in one statement.
 */
export const loads = pgTable(
  'loads',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    rewardId: integer('reward_id').references(() => rewards.id),
    /** What the receivers read in their statement, in Spanish and English (docs/architecture.md A6.15). */
    reason: text('reason').notNull(),
    reasonEn: english('reason_en'),
    points: integer('points').notNull(),
    receivers: integer('receivers').notNull().default(0),
    /** E-mails of the request that were not credited (each with its reason in `load_rejections`). */
    rejected: integer('rejected').notNull().default(0),
    totalPoints: bigint('total_points', { mode: 'number' }).notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request an Idempotency-Key was first used with: a retry with another body is refused. */
    requestHash: text('request_hash'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The sender's office when they sent it. */
    senderStoreId: integer('sender_store_id').references(() => stores.id),
    /** A once-per-activity recognition's load names its activity: the title as written, its date, the compared key. */
    activityTitle: text('activity_title'),
    activityDate: date('activity_date', { mode: 'string' }),
    activityKey: text('activity_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loads_store_created_idx').on(t.storeId, t.createdAt),
    uniqueIndex('loads_creator_idempotency_uq').on(t.createdBy, t.idempotencyKey),
    check('loads_points_positive', sql`${t.points} > 0`),
    check('loads_reason_written', oneLanguage(t.reason, t.reasonEn)),
    check(
      'loads_activity_complete',
      sql`(${t.activityTitle} is null) = (${t.activityDate} is null) and (${t.activityTitle} is null) = (${t.activityKey} is null)`,
    ),
  ],
);

/**
 * One consolidated row per receiver of a load: receiver, their office, the recognition and the points,
 * with the load's sender and date. No foreign keys: `rs_credit_load` writes the row in the statement
 * that writes the load (append-only, never deleted) and the receiver's ledger credit (which keeps the
 * receiver), copying the reward and the office from rows that cannot go away while it exists; checking
 * each of them again cost more than writing the row (docs/decisions/0005-bulk-loads.md).
 */
export const loadEntries = pgTable(
  'load_entries',
  {
    id: serial('id').primaryKey(),
    loadId: integer('load_id').notNull(),
    userId: integer('user_id').notNull(),
    rewardId: integer('reward_id'),
    email: text('email').notNull(),
    points: integer('points').notNull(),
    receiverStoreId: integer('receiver_store_id'),
    transactionId: integer('transaction_id'),
    /** The load's activity (once-per-activity recognitions): one entry per recognition, person and activity. */
    activityDate: date('activity_date', { mode: 'string' }),
    activityKey: text('activity_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('load_entries_load_user_uq').on(t.loadId, t.userId),
    index('load_entries_user_reward_idx').on(t.userId, t.rewardId, t.createdAt),
    uniqueIndex('load_entries_activity_uq')
      .on(t.rewardId, t.activityDate, t.activityKey, t.userId)
      .where(sql`${t.activityKey} is not null`),
  ],
);

/** The e-mails of a load that were not credited, with the review's reason (loads.rejected counts them). */
export const loadRejections = pgTable(
  'load_rejections',
  {
    id: serial('id').primaryKey(),
    loadId: integer('load_id')
      .notNull()
      .references(() => loads.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason', { enum: loadRejectionReasons }).notNull(),
  },
  (t) => [index('load_rejections_load_idx').on(t.loadId)],
);

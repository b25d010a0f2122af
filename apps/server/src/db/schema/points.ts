import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { transactionKinds } from '@rewards/shared/enums';
import { createdAt } from './columns.ts';
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
    description: text('description').notNull(),
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

/** A bulk load of points (group record). */
export const loads = pgTable(
  'loads',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    rewardId: integer('reward_id').references(() => rewards.id),
    reason: text('reason').notNull(),
    points: integer('points').notNull(),
    receivers: integer('receivers').notNull().default(0),
    totalPoints: integer('total_points').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('loads_store_created_idx').on(t.storeId, t.createdAt),
    uniqueIndex('loads_creator_idempotency_uq').on(t.createdBy, t.idempotencyKey),
    check('loads_points_positive', sql`${t.points} > 0`),
  ],
);

/** One consolidated row per receiver of a load. */
export const loadEntries = pgTable(
  'load_entries',
  {
    id: serial('id').primaryKey(),
    loadId: integer('load_id')
      .notNull()
      .references(() => loads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rewardId: integer('reward_id').references(() => rewards.id),
    email: text('email').notNull(),
    points: integer('points').notNull(),
    receiverStoreId: integer('receiver_store_id').references(() => stores.id),
    transactionId: integer('transaction_id').references(() => pointTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('load_entries_load_user_uq').on(t.loadId, t.userId),
    index('load_entries_user_reward_idx').on(t.userId, t.rewardId, t.createdAt),
  ],
);

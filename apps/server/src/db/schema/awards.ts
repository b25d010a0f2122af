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
import { approvalStepStatuses, awardStatuses, budgetMovementKinds, budgetPeriods, budgetScopes } from '@rewards/shared/awards-rules';
import { createdAt } from './columns.ts';
import { pointTransactions } from './points.ts';
import { stores, users } from './identity.ts';

/*
 * Budgets, company-funded awards and approvals (docs/architecture.md A6.19,
 * decision 0051). A budget's `available` and `reserved` move only together with their `budget_movements`
 * row, and only through the SQL function rs_budget_move (db/functions; test/one-owner.test.ts); the
 * invariant available = SUM(movements.available), reserved = SUM(movements.reserved) is checked after every
 * test (db/invariants.ts).
 */

export const budgets = pgTable(
  'budgets',
  {
    id: serial('id').primaryKey(),
    scope: text('scope', { enum: budgetScopes }).notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    department: text('department'),
    managerId: integer('manager_id').references(() => users.id),
    /** The period's amount: funded at creation, reloaded at each new period when `reload`. */
    amount: integer('amount').notNull(),
    period: text('period', { enum: budgetPeriods }).notNull(),
    reload: boolean('reload').notNull().default(false),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    available: integer('available').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('budgets_available_nonnegative', sql`${t.available} >= 0`),
    check('budgets_reserved_nonnegative', sql`${t.reserved} >= 0`),
    check('budgets_amount', sql`${t.amount} >= 0`),
    check('budgets_scope', sql`${t.scope} in ('store', 'department', 'manager')`),
    check('budgets_period', sql`${t.period} in ('month', 'quarter', 'year', 'none')`),
    check(
      'budgets_scope_fields',
      sql`(${t.scope} = 'department') = (${t.department} is not null) and (${t.scope} = 'manager') = (${t.managerId} is not null)`,
    ),
    check('budgets_no_reload_without_period', sql`not (${t.reload} and ${t.period} = 'none')`),
    index('budgets_store_idx').on(t.storeId, t.scope),
    index('budgets_manager_idx')
      .on(t.managerId)
      .where(sql`${t.managerId} is not null`),
  ],
);

/** A budget's ledger: each row's `available` and `reserved` are the signed changes of the budget's columns. */
export const budgetMovements = pgTable(
  'budget_movements',
  {
    id: serial('id').primaryKey(),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id),
    kind: text('kind', { enum: budgetMovementKinds }).notNull(),
    available: integer('available').notNull(),
    reserved: integer('reserved').notNull(),
    awardId: integer('award_id'),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('budget_movements_kind', sql`${t.kind} in ('funded', 'reloaded', 'expired', 'reserved', 'released', 'spent')`),
    index('budget_movements_budget_idx').on(t.budgetId, t.id),
  ],
);

/** A store's approval rules; a store without a row uses DEFAULT_APPROVAL_RULES (awards-rules.ts). */
export const approvalRules = pgTable(
  'approval_rules',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    firstThreshold: integer('first_threshold').notNull(),
    secondThreshold: integer('second_threshold').notNull(),
    levels: smallint('levels').notNull(),
    reminderDays: smallint('reminder_days').notNull(),
    escalationDays: smallint('escalation_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('approval_rules_thresholds', sql`${t.firstThreshold} >= 1 and ${t.secondThreshold} >= ${t.firstThreshold}`),
    check('approval_rules_levels', sql`${t.levels} between 1 and 4`),
    check('approval_rules_days', sql`${t.reminderDays} >= 1 and ${t.escalationDays} > ${t.reminderDays}`),
  ],
);

/** An award: `points` to every recipient from a budget; credited at once or after its approvals. */
export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id),
    points: integer('points').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: awardStatuses }).notNull(),
    levels: smallint('levels').notNull().default(0),
    denyReason: text('deny_reason'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('awards_points', sql`${t.points} > 0`),
    check('awards_status', sql`${t.status} in ('waiting', 'credited', 'denied', 'withdrawn')`),
    uniqueIndex('awards_giver_key_idx')
      .on(t.giverId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('awards_giver_idx').on(t.giverId, t.id),
    index('awards_budget_idx').on(t.budgetId),
  ],
);

export const awardRecipients = pgTable(
  'award_recipients',
  {
    awardId: integer('award_id')
      .notNull()
      .references(() => awards.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    transactionId: integer('transaction_id').references(() => pointTransactions.id),
  },
  (t) => [primaryKey({ columns: [t.awardId, t.userId] }), index('award_recipients_user_idx').on(t.userId)],
);

/**
 * One approval of an award, at a level: by `approver_id`, or (null) by the administrators of `store_id`
 * other than the giver and the recipients. Escalation closes a step as `escalated` and adds the one that
 * takes it over (`escalated_from`), so the history keeps who held it.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id')
      .notNull()
      .references(() => awards.id),
    level: smallint('level').notNull(),
    approverId: integer('approver_id').references(() => users.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    recipientIds: integer('recipient_ids').array().notNull(),
    status: text('status', { enum: approvalStepStatuses }).notNull(),
    escalatedFrom: integer('escalated_from'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('approval_steps_status', sql`${t.status} in ('queued', 'waiting', 'approved', 'denied', 'escalated', 'closed')`),
    check('approval_steps_level', sql`${t.level} between 1 and 4`),
    index('approval_steps_award_idx').on(t.awardId, t.level),
    index('approval_steps_approver_idx')
      .on(t.approverId)
      .where(sql`${t.status} = 'waiting'`),
    index('approval_steps_waiting_idx')
      .on(t.waitingSince)
      .where(sql`${t.status} = 'waiting'`),
  ],
);

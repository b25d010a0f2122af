import { eq, sql } from 'drizzle-orm';
import { INT32_MAX } from '@rewards/shared/common';
import type { TransactionKind } from '@rewards/shared/enums';
import type { Notification } from '@rewards/shared/notifications';
import type { MovementText } from '@rewards/shared/points';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { intArray } from '../../lib/sql-arrays.ts';

/**
 * The points ledger's one owner (docs/architecture.md A6.3): every way points enter or leave a balance
 * (loads, challenge awards, adjustments, orders, edits and refunds, expiry, the demo data, and every credit
 * path to come) goes through `postPoints` here or, from SQL, through the function it calls,
 * `rs_post_points` (db/functions/rs_post_points.sql): each balance with its ledger row, and the receivers'
 * notification with its outbox copy, in one statement of the caller's transaction.
 * test/one-owner.test.ts fails when anything else writes the ledger or a balance.
 */

/**
 * One posting: its receivers and what every row of it says, as a key and its values (`descriptionKey`,
 * `descriptionValues`: every ledger row is worded from them in each reader's language, docs/architecture.md
 * A6.15) beside a readable `description`.
 */
export type Posting = MovementText & {
  /** Distinct receivers, each with a non-zero value (positive credits, negative debits). */
  entries: readonly { userId: number; value: number }[];
  kind: TransactionKind;
  /** The ledger row's readable text (a system text in English, or an administrator's as written). */
  description: string;
  refType?: string;
  refId?: number;
  createdBy?: number | null;
  now: Date;
  /** The receivers' notification, written with their rows (its description defaults to the ledger's). */
  notify?: { itemType: Notification['itemType']; description?: string; url: string | null };
};

export interface Posted {
  userId: number;
  transactionId: number;
  balance: number;
}

/**
 * Moves each receiver's balance by their value and writes its ledger row, inside the caller's
 * transaction: a debit never below 0 (NOT_ENOUGH_POINTS), a credit never past int32 (AMOUNT_TOO_LARGE),
 * an unknown user NOT_FOUND; any refusal leaves nothing written. With `notify`, every receiver is told
 * in the same statement. Answers each receiver's ledger row and new balance, in the order given.
 */
export async function postPoints(tx: DbOrTx, p: Posting): Promise<Posted[]> {
  if (p.entries.length === 0) return [];
  for (const e of p.entries) if (!Number.isInteger(e.value) || e.value === 0) throw new Error('ledger values are non-zero whole numbers');
  if (new Set(p.entries.map((e) => e.userId)).size !== p.entries.length) throw new Error('one ledger row per receiver');
  // An amount beyond int32 is more than any balance can take or give: one of the two refusals, never an overflow.
  const huge = p.entries.find((e) => Math.abs(e.value) > INT32_MAX);
  if (huge) {
    const [user] = await tx.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, huge.userId));
    if (!user) throw new AppError('NOT_FOUND');
    if (huge.value > 0) throw new AppError('AMOUNT_TOO_LARGE', { value: huge.value, balance: user.points });
    throw new AppError('NOT_ENOUGH_POINTS', { total: -huge.value, balance: user.points });
  }
  const same = p.entries.every((e) => e.value === p.entries[0]!.value);
  const values = same ? [p.entries[0]!.value] : p.entries.map((e) => e.value);
  try {
    const { rows } = await tx.execute<{ user_id: number; transaction_id: number; balance: number }>(sql`
      select user_id, transaction_id, balance from rs_post_points(
        ${intArray(p.entries.map((e) => e.userId))}::int[], ${intArray(values)}::int[], ${p.kind}::text, ${p.description}::text,
        ${p.descriptionKey}::text, ${JSON.stringify(p.descriptionValues)}::jsonb, ${p.refType ?? null}::text, ${p.refId ?? null}::int, ${p.createdBy ?? null}::int, ${p.now.toISOString()}::timestamptz,
        ${p.notify?.itemType ?? null}::text, ${p.notify ? (p.notify.description ?? p.description) : null}::text, ${p.notify?.url ?? null}::text)`);
    const byUser = new Map(rows.map((r) => [Number(r.user_id), { transactionId: Number(r.transaction_id), balance: Number(r.balance) }]));
    return p.entries.map((e) => ({ userId: e.userId, ...byUser.get(e.userId)! }));
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

/**
 * Takes the lock of writes that move several balances at once (rs_lock_balances), to its transaction's
 * end: a writer that reads balances before moving them (the yearly expiry) takes it before reading.
 */
export async function lockBalances(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select rs_lock_balances()`);
}

/**
 * An administrator's change to one person's balance (docs/architecture.md A6.1): positive, a `load` while
 * the program calendar credits points (else ACCRUAL_CLOSED); negative, an `adjustment` never below 0. The
 * person is told. Answers the new balance.
 */
export async function adjustUserPoints(
  db: DbOrTx,
  p: { userId: number; value: number; description: string; actorId: number; now: Date; calendar: CalendarRules },
): Promise<number> {
  if (p.value > 0) assertAccrualOpen(p.now, p.calendar);
  return db.transaction(async (tx) => {
    const [posted] = await postPoints(tx, {
      entries: [{ userId: p.userId, value: p.value }],
      kind: p.value > 0 ? 'load' : 'adjustment',
      description: p.description,
      descriptionKey: 'adjustment',
      descriptionValues: { reason: p.description },
      createdBy: p.actorId,
      refType: 'admin',
      now: p.now,
      notify: { itemType: 'points', url: '/account' },
    });
    return posted!.balance;
  });
}

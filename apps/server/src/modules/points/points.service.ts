import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { INT32_MAX } from '@rewards/shared/common';
import type { TransactionKind } from '@rewards/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface PointsEntry {
  userId: number;
  /** Positive credits, negative debits; never 0. */
  value: number;
  kind: TransactionKind;
  description: string;
  createdBy?: number;
  refType?: string;
  refId?: number;
  now: Date;
}

/**
 * Writes one ledger row and moves the running balance by the same amount, inside the caller's
 * transaction (users.points = SUM(point_transactions.value), always). Both are conditional updates: a
 * debit never takes a balance below 0 (NOT_ENOUGH_POINTS), a credit never past int32
 * (AMOUNT_TOO_LARGE), and an amount beyond int32 is one of the two, never an overflow. Returns the
 * new balance.
 */
export async function postPoints(tx: DbOrTx, p: PointsEntry): Promise<number> {
  if (!Number.isInteger(p.value) || p.value === 0) throw new Error('ledger values are non-zero whole numbers');
  const fits = Math.abs(p.value) <= INT32_MAX;
  const [row] = fits
    ? await tx
        .update(s.users)
        .set({ points: sql`${s.users.points} + ${p.value}`, updatedAt: p.now })
        .where(and(eq(s.users.id, p.userId), p.value > 0 ? lte(s.users.points, INT32_MAX - p.value) : gte(s.users.points, -p.value)))
        .returning({ points: s.users.points })
    : [];
  if (!row) {
    const [user] = await tx.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, p.userId));
    if (!user) throw new AppError('NOT_FOUND');
    if (p.value > 0) throw new AppError('AMOUNT_TOO_LARGE', { value: p.value, balance: user.points });
    throw new AppError('NOT_ENOUGH_POINTS', { total: -p.value, balance: user.points });
  }
  await tx.insert(s.pointTransactions).values({
    userId: p.userId,
    value: p.value,
    kind: p.kind,
    description: p.description,
    createdBy: p.createdBy,
    refType: p.refType,
    refId: p.refId,
    createdAt: p.now,
  });
  return row.points;
}

/** A credit in its own transaction. */
export async function creditPoints(db: DbOrTx, p: PointsEntry): Promise<number> {
  if (p.value <= 0) throw new Error('credits are positive');
  return db.transaction((tx) => postPoints(tx, p));
}

/**
 * An administrator's load (positive: `load`, only while the accrual window is open) or adjustment
 * (negative: `adjustment`, never below 0), with a notification for the user. Returns the new balance.
 */
export async function adjustUserPoints(
  db: DbOrTx,
  p: { userId: number; value: number; description: string; actorId: number; accrualOpen: boolean; now: Date },
): Promise<number> {
  if (p.value > 0 && !p.accrualOpen) throw new AppError('ACCRUAL_CLOSED');
  return db.transaction(async (tx) => {
    const balance = await postPoints(tx, {
      userId: p.userId,
      value: p.value,
      kind: p.value > 0 ? 'load' : 'adjustment',
      description: p.description,
      createdBy: p.actorId,
      refType: 'admin',
      now: p.now,
    });
    await tx
      .insert(s.notifications)
      .values({ userId: p.userId, itemType: 'points', description: p.description, url: '/account', createdAt: p.now });
    return balance;
  });
}

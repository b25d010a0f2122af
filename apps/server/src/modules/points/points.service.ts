import { eq, sql } from 'drizzle-orm';
import type { TransactionKind } from '@rewards/shared/enums';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';

/**
 * Credits points: the ledger row and the running balance change in the same transaction
 * (users.points = SUM(point_transactions.value), always).
 */
export async function creditPoints(
  db: DbOrTx,
  p: {
    userId: number;
    value: number;
    kind: TransactionKind;
    description: string;
    createdBy?: number;
    refType?: string;
    refId?: number;
    now: Date;
  },
): Promise<number> {
  if (!Number.isInteger(p.value) || p.value <= 0) throw new Error('credits are positive whole numbers');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(s.users)
      .set({ points: sql`${s.users.points} + ${p.value}`, updatedAt: p.now })
      .where(eq(s.users.id, p.userId))
      .returning({ points: s.users.points });
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
    return row!.points;
  });
}

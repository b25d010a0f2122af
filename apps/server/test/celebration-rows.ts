import { sql } from 'drizzle-orm';
import type { CelebrationKind } from '@rewards/shared/celebration-rules';
import type { DbOrTx } from '../src/db/client.ts';

/**
 * A celebration as the job writes it (docs/architecture.md A6.17), for the tests of what reads them: its
 * credit through the ledger's one writer (kind `celebration`; none for 0 points), for a public one the feed
 * item (a peer_recognitions row of its kind with no giver, and the person as its one recipient), and its
 * once-key row in `celebrations` naming both. Answers the feed item's id (null for a private one).
 */
export async function insertCelebration(
  db: DbOrTx,
  c: {
    userId: number;
    kind: CelebrationKind;
    points: number;
    /** The local day celebrated, 'YYYY-MM-DD'. */
    onDate: string;
    /** The run's instant. */
    at: string;
    years?: number | null;
    choice?: 'public' | 'private';
    timeZone?: string;
  },
): Promise<number | null> {
  const years = c.kind === 'anniversary' ? (c.years ?? 1) : null;
  const choice = c.choice ?? 'public';
  const { rows } = await db.execute<{ store_id: number | null }>(sql`select store_id from users where id = ${c.userId}`);
  const storeId = rows[0]!.store_id;
  let transactionId: number | null = null;
  if (c.points > 0) {
    const posted = await db.execute<{ transaction_id: number }>(sql`
      select transaction_id from rs_post_points(array[${c.userId}::int], array[${c.points}::int], 'celebration',
        ${`Celebration: ${c.kind}${years === null ? '' : ` (${years})`}`}::text, 'celebration',
        jsonb_build_object('kind', ${c.kind}::text, 'years', ${years}::int), 'celebration', null, null, ${c.at}::timestamptz)`);
    transactionId = Number(posted.rows[0]!.transaction_id);
  }
  let recognitionId: number | null = null;
  if (choice === 'public') {
    const item = await db.execute<{ id: number }>(sql`
      insert into peer_recognitions (giver_id, store_id, points, message, private, period_start, kind, celebration_years, created_at)
      values (null, ${storeId}, ${c.points}, '', false, ${c.onDate}::date, ${c.kind}, ${years}, ${c.at}::timestamptz) returning id`);
    recognitionId = Number(item.rows[0]!.id);
    await db.execute(sql`insert into peer_recognition_recipients (recognition_id, user_id, store_id)
      values (${recognitionId}, ${c.userId}, ${storeId})`);
  }
  await db.execute(sql`
    insert into celebrations (user_id, kind, year, on_date, years, choice, points, store_id, time_zone, recognition_id, transaction_id, created_at)
    values (${c.userId}, ${c.kind}, extract(year from ${c.onDate}::date)::int, ${c.onDate}::date, ${years}, ${choice}, ${c.points},
      ${storeId}, ${c.timeZone ?? 'UTC'}, ${recognitionId}, ${transactionId}, ${c.at}::timestamptz)`);
  return recognitionId;
}

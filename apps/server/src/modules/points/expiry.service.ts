import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { programCalendar, type CalendarRules } from '../../lib/calendar.ts';
import { lockBalances, postPoints } from './points.service.ts';

/**
 * On the expiry day (16 October by default, or any later day before the next program year if the
 * servers were down that day) every balance goes to 0 with an `expiry` transaction and a notification,
 * through the ledger's owner (postPoints). The `job_runs` row keyed by year is inserted in the same
 * transaction: with several instances, exactly one does the work and the others find the year taken.
 */
export async function runPointExpiry(
  db: DbOrTx,
  now: Date,
  rules: CalendarRules,
): Promise<{ ran: boolean; users: number; points: number }> {
  const calendar = programCalendar(now, rules);
  if (!calendar.expired) return { ran: false, users: 0, points: 0 };
  const year = Number(calendar.expiresOn.slice(0, 4));
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(s.jobRuns)
      .values({ job: 'point-expiry', periodKey: String(year), ranAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return { ran: false, users: 0, points: 0 };
    await lockBalances(tx);
    const holders = await tx
      .select({ id: s.users.id, points: s.users.points })
      .from(s.users)
      .where(gt(s.users.points, 0))
      .orderBy(asc(s.users.id))
      .for('update');
    if (holders.length === 0) return { ran: true, users: 0, points: 0 };
    const description = `Points expired (${year})`;
    await postPoints(tx, {
      entries: holders.map((h) => ({ userId: h.id, value: -h.points })),
      kind: 'expiry',
      description,
      descriptionKey: 'expiry',
      descriptionValues: { year },
      refType: 'expiry',
      now,
      notify: { itemType: 'points', url: '/account' },
    });
    return { ran: true, users: holders.length, points: holders.reduce((n, h) => n + h.points, 0) };
  });
}

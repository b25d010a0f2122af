import { sql } from 'drizzle-orm';
import {
  birthdayFromCell,
  hireDateFromCell,
  isHireDateInRange,
  type PeopleDatesCorrect,
  type PeopleDatesIncorrect,
  type PeopleDatesRequest,
  type PeopleDatesResult,
  type PeopleDatesReview,
} from '@rewards/shared/celebrations';
import { screenEmails } from '@rewards/shared/loads';
import type { DbOrTx } from '../../db/client.ts';
import type { CalendarRules } from '../../lib/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { intArray, textArray } from '../../lib/sql-arrays.ts';
import type { FeedAnnouncement } from '../../plugins/realtime.ts';
import { runCelebrations } from './job.service.ts';

/*
 * People's dates (docs/architecture.md A6.17): the import of a store's birthdays and hire dates (review,
 * confirm; the file is dates-file.ts) and what runs once anybody's dates or choices are saved.
 */

// ---------------------------------------------------------------------------------------------
// After dates change: the day's celebrations of those people (same-day catch-up)
// ---------------------------------------------------------------------------------------------

/** Runs once people's dates or celebration choices are committed, with their ids. */
export type AfterDatesChanged = (userIds: number[]) => Promise<void>;

/**
 * What the routes run after people's dates or choices are saved (docs/architecture.md A6.17): the
 * celebrations job for those people at once, so a birthday saved or imported for today after the store's
 * hour is celebrated now (same-day catch-up; the job's keys keep it once), and each public celebration it
 * posted announced to the live feed. The save is already committed: a failure here is logged, not answered.
 */
export function sameDayCelebrations(
  deps: { db: DbOrTx; clock: Clock; config: { calendar: CalendarRules } },
  app: { realtime: { announceFeed(a: FeedAnnouncement): void }; log: { error(obj: object, msg: string): void } },
): AfterDatesChanged {
  const p = { db: deps.db, clock: deps.clock, calendar: deps.config.calendar };
  return async (userIds) => {
    if (userIds.length === 0) return;
    try {
      const run = await runCelebrations(p.db, { now: p.clock.now(), calendar: p.calendar, users: userIds });
      for (const recognitionId of run.feed)
        app.realtime.announceFeed({ kind: 'celebration', recognitionId, private: false, audience: [], stores: [] });
    } catch (err) {
      app.log.error({ err, userIds: userIds.length }, 'same-day celebrations failed');
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Import: review and confirm
// ---------------------------------------------------------------------------------------------

const cellOf = (value: string | null | undefined) => (value ? value : null);

/**
 * `POST /api/celebrations/dates/review`: each row, by its position, is correct (with the person and the
 * dates to write, null where its cell is empty: the stored value stays) or refused with one reason, checked
 * in this order: INVALID_FORMAT, DUPLICATE_IN_LIST (the first one counts), UNKNOWN_USER, OTHER_STORE (a person
 * of another store, or none), INVALID_BIRTHDAY, INVALID_HIRE_DATE (not a day, or more than a year after
 * `today`), NO_DATES (both cells empty). Nothing is written.
 */
export async function reviewPeopleDates(
  db: DbOrTx,
  p: { storeId: number; rows: PeopleDatesRequest['rows']; today: string },
): Promise<PeopleDatesReview> {
  const screened = screenEmails(p.rows.map((r) => r.email));
  const valid = screened.filter((e) => !e.reason);
  const incorrect: PeopleDatesIncorrect[] = [];
  const correct: PeopleDatesCorrect[] = [];
  for (const e of screened) if (e.reason) incorrect.push({ index: e.index, email: e.email, reason: e.reason });
  if (valid.length > 0) {
    const { rows } = await db.execute<{ n: number; id: number | null; name: string | null; store_id: number | null }>(
      sql`select i.n::int as n, u.id, concat_ws(' ', u.name, u.last_name) as name, u.store_id
        from unnest(${textArray(valid.map((e) => e.normalized))}::text[]) with ordinality as i(email, n)
        left join users u on lower(u.email) = i.email
        order by i.n`,
    );
    for (const row of rows) {
      const e = valid[row.n - 1]!;
      const input = p.rows[e.index]!;
      const birthdayCell = cellOf(input.birthday);
      const hireCell = cellOf(input.hireDate);
      const birthday = birthdayCell === null ? null : birthdayFromCell(birthdayCell);
      const hireDate = hireCell === null ? null : hireDateFromCell(hireCell);
      const reason: PeopleDatesIncorrect['reason'] | null =
        row.id === null
          ? 'UNKNOWN_USER'
          : row.store_id !== p.storeId
            ? 'OTHER_STORE'
            : birthdayCell !== null && birthday === null
              ? 'INVALID_BIRTHDAY'
              : hireCell !== null && (hireDate === null || !isHireDateInRange(hireDate, p.today))
                ? 'INVALID_HIRE_DATE'
                : birthday === null && hireDate === null
                  ? 'NO_DATES'
                  : null;
      if (reason) incorrect.push({ index: e.index, email: e.email, reason });
      else correct.push({ index: e.index, email: e.normalized, userId: row.id!, name: row.name ?? '', birthday, hireDate });
    }
  }
  incorrect.sort((a, b) => a.index - b.index);
  return { correct, incorrect };
}

/**
 * `POST /api/celebrations/dates`: reviews the rows again and writes the correct ones' dates in one
 * statement, only to people still of the store (an empty cell leaves the stored value); then runs
 * `afterDatesChanged` for the people written. Answers how many were written and the rows refused.
 */
export async function confirmPeopleDates(
  db: DbOrTx,
  p: {
    storeId: number;
    rows: PeopleDatesRequest['rows'];
    actorId: number;
    now: Date;
    today: string;
    afterDatesChanged?: AfterDatesChanged;
  },
): Promise<PeopleDatesResult> {
  const review = await reviewPeopleDates(db, p);
  const { correct } = review;
  let written: number[] = [];
  if (correct.length > 0) {
    const { rows } = await db.execute<{ id: number }>(
      sql`update users as u
        set birthday = coalesce(d.birthday, u.birthday), hire_date = coalesce(d.hire_date, u.hire_date),
          modified_by = ${p.actorId}::integer, updated_at = ${p.now.toISOString()}::timestamptz
        from unnest(${intArray(correct.map((c) => c.userId))}::int[], ${textArray(correct.map((c) => c.birthday))}::text[],
          ${textArray(correct.map((c) => c.hireDate))}::date[]) as d(id, birthday, hire_date)
        where u.id = d.id and u.store_id = ${p.storeId}::integer
        returning u.id`,
    );
    written = rows.map((r) => Number(r.id));
  }
  await p.afterDatesChanged?.(written);
  return { updated: written.length, incorrect: review.incorrect };
}

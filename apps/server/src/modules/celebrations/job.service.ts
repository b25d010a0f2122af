import { sql } from 'drizzle-orm';
import { DEFAULT_CELEBRATIONS, EXPIRY_REMINDER_DAYS } from '@rewards/shared/celebration-rules';
import type { DbOrTx } from '../../db/client.ts';
import { programCalendar, type CalendarRules } from '../../lib/calendar.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import { fillStoreTimeZones } from '../stores/stores.service.ts';

/** What one run of the celebrations job did. */
export interface CelebrationRun {
  /** Celebrations that happened (public and private). */
  celebrations: number;
  /** Points credited in all (0 while the program's accrual is closed). */
  credited: number;
  /** Managers' heads-ups sent. */
  headsUps: number;
  /** Expiry reminders sent. */
  reminders: number;
  /** The new public celebrations' feed items, for the caller to announce once committed. */
  feed: number[];
}

const DAY_MS = 86_400_000;

/**
 * The zone names the database knows, read once per database handle (pg_timezone_names reads every zone's
 * file: it costs more than a whole run), as one array literal for the functions' p_zones.
 */
const knownZones = new WeakMap<object, Promise<string>>();
function zonesOf(db: DbOrTx): Promise<string> {
  let zones = knownZones.get(db);
  if (!zones) {
    zones = db
      .execute<{ names: string }>(sql`select array_agg(name order by name)::text as names from pg_timezone_names`)
      .then((r) => r.rows[0]!.names);
    zones.catch(() => knownZones.delete(db));
    knownZones.set(db, zones);
  }
  return zones;
}
/** The widest a local date can be from the program's: a reminder is due at most this many days before the cutoff instant. */
const REMINDER_WINDOW_MS = (Math.max(...EXPIRY_REMINDER_DAYS) + 2) * DAY_MS;

/**
 * The celebrations job (docs/architecture.md A6.17, decision 0049): at `now`, every celebration due
 * (rs_celebrate), every manager's heads-up due (rs_celebration_heads_ups) and, in the month before the
 * redemption cutoff, every expiry reminder due (rs_expiry_reminders), in one transaction. Each happens once
 * whatever the number of instances and runs: the database's keys decide (decision 0033), so a second run at
 * the same instant does nothing, and a run after a stop catches up the same local day. `users` limits the run
 * to those people (after a person saves their birthday, or an import of dates is confirmed). The caller
 * announces `feed` to the live feed after its commit (kind 'celebration'); when `db` is the caller's own
 * transaction, after that transaction commits.
 */
export async function runCelebrations(
  db: DbOrTx,
  p: { now: Date; calendar: CalendarRules; users?: readonly number[] },
): Promise<CelebrationRun> {
  if (p.users && p.users.length === 0) return { celebrations: 0, credited: 0, headsUps: 0, reminders: 0, feed: [] };
  // Stores made before their zone was kept, or written by anything but the stores module, get it first.
  await fillStoreTimeZones(db);
  const program = programCalendar(p.now, p.calendar);
  const at = p.now.toISOString();
  const zone = p.calendar.timeZone;
  const defaults = JSON.stringify(DEFAULT_CELEBRATIONS);
  const users = p.users ? sql`${intArray(p.users)}::int[]` : sql`null::int[]`;
  const zones = sql`${await zonesOf(db)}::text[]`;
  const closesAt = new Date(program.redemption.closesAt);
  const untilCutoff = closesAt.getTime() - p.now.getTime();
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ recognition_id: number | null; points: number }>(sql`
      select r.recognition_id, r.points
      from rs_celebrate(${at}::timestamptz, ${zone}::text, ${program.accrual.open}::boolean, ${defaults}::jsonb, ${users}, ${zones}) r`);
    const heads = await tx.execute<{ n: number }>(
      sql`select rs_celebration_heads_ups(${at}::timestamptz, ${zone}::text, ${defaults}::jsonb, ${users}, ${zones}) as n`,
    );
    let reminders = 0;
    if (untilCutoff > 0 && untilCutoff <= REMINDER_WINDOW_MS) {
      const sent = await tx.execute<{ n: number }>(sql`
        select rs_expiry_reminders(${at}::timestamptz, ${zone}::text, ${program.redemption.closesAt}::timestamptz,
          ${program.expiresOn}::date, ${intArray(EXPIRY_REMINDER_DAYS)}::int[], ${defaults}::jsonb, ${users}, ${zones}) as n`);
      reminders = Number(sent.rows[0]?.n ?? 0);
    }
    return {
      celebrations: rows.length,
      credited: rows.reduce((n, r) => n + Number(r.points), 0),
      headsUps: Number(heads.rows[0]?.n ?? 0),
      reminders,
      feed: rows.flatMap((r) => (r.recognition_id === null ? [] : [Number(r.recognition_id)])),
    };
  });
}

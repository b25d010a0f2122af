import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { alias } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ListResponse } from '@rewards/shared/common';
import type { FrequencyPeriod, Language } from '@rewards/shared/enums';
import {
  MAX_LOAD_EMAILS,
  activityKey,
  screenEmails,
  type CreditedActivity,
  type ConsolidatedFilters,
  type ConsolidatedPage,
  type ConsolidatedRow,
  type Load,
  type LoadCreate,
  type LoadEmail,
  type LoadEmailsQuery,
  type LoadActivity,
  type LoadListQuery,
  type LoadRejectionReason,
  type LoadReview,
  type LoadReviewRequest,
  type LoadReward,
} from '@rewards/shared/loads';
import { addDays } from '@rewards/shared/program';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { inLanguage, sortText } from '../../lib/bilingual.ts';
import { assertAccrualOpen, isAccrualOpen, localDate, programCalendar, startOfLocalDay, type CalendarRules } from '../../lib/calendar.ts';
import { pgCode, raisedRule, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { textArray } from '../../lib/sql-arrays.ts';
import { copyBlob, copyOut, inlineParams } from '../../lib/export/copy-out.ts';

/**
 * Bulk loads (docs/architecture.md A6, docs/decisions/0005-bulk-loads.md). The checks that need no
 * database (format, duplicates) are `screenEmails` of packages/shared, shared with the web; the others
 * are `rs_classify_load` and the confirm is `rs_credit_load` (db/functions/rs_classify_load.sql and
 * rs_credit_load.sql), set-based, so that a load of 100,000 receivers is one statement and not 100,000
 * round trips.
 */

/** Who sends: the caller, and the stores they may act on (null: every store). */
export interface Sender {
  id: number;
  storeIds: number[] | null;
}

const fullName = (name: AnyColumn, lastName: AnyColumn) => sql<string>`concat_ws(' ', ${name}, ${lastName})`;

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The recognition of a load: it must be of the load's store and active. */
async function loadReward(db: DbOrTx, storeId: number, rewardId: number) {
  const [reward] = await db
    .select({
      id: s.rewards.id,
      storeId: s.rewards.storeId,
      name: s.rewards.name,
      points: s.rewards.points,
      active: s.rewards.active,
      frequencyPeriod: s.rewards.frequencyPeriod,
    })
    .from(s.rewards)
    .where(eq(s.rewards.id, rewardId));
  if (!reward) throw notFound({ rewardId });
  if (reward.storeId !== storeId) throw new AppError('REWARD_OTHER_STORE', { rewardId });
  if (!reward.active) throw new AppError('REWARD_INACTIVE', { rewardId });
  return reward;
}

/** The active recognitions of a store, as the wizard offers them. */
export async function listLoadRewards(db: DbOrTx, storeId: number): Promise<LoadReward[]> {
  return db
    .select({
      id: s.rewards.id,
      name: s.rewards.name,
      nameEn: s.rewards.nameEn,
      description: s.rewards.description,
      descriptionEn: s.rewards.descriptionEn,
      points: s.rewards.points,
      frequencyLimit: s.rewards.frequencyLimit,
      frequencyPeriod: s.rewards.frequencyPeriod,
      activityKind: s.rewards.activityKind,
    })
    .from(s.rewards)
    .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.active, true)))
    .orderBy(sortText(s.rewards.name, s.rewards.nameEn), asc(s.rewards.id));
}

/**
 * The start of a recognition's current period, in the program's time zone: a year is the program year
 * (points expire with it), a month and a day are the calendar's. Once per activity counts no period (the
 * activity decides); it gets the program year's start, which the database does not read then.
 */
export function frequencySince(now: Date, rules: CalendarRules, period: FrequencyPeriod): Date {
  const today = localDate(now, rules.timeZone);
  const from = period === 'month' ? `${today.slice(0, 8)}01` : period === 'day' ? today : programCalendar(now, rules).year.from;
  return startOfLocalDay(from, rules.timeZone);
}

/** The activity of a load as the database keeps it: title as written, date, and the key titles compare by. */
export interface ActivityOfLoad extends LoadActivity {
  key: string;
}

/**
 * The activity a load names, checked against its recognition: a once-per-activity recognition needs one
 * (LOAD_ACTIVITY_REQUIRED) dated in the current program year and not after today (LOAD_ACTIVITY_DATE);
 * any other recognition refuses one (LOAD_ACTIVITY_UNEXPECTED). Null for a period recognition.
 */
export function activityOf(
  input: { activity?: LoadActivity; rewardId: number },
  reward: { frequencyPeriod: FrequencyPeriod },
  now: Date,
  calendar: CalendarRules,
): ActivityOfLoad | null {
  if (reward.frequencyPeriod !== 'activity') {
    if (input.activity) throw new AppError('LOAD_ACTIVITY_UNEXPECTED', { rewardId: input.rewardId });
    return null;
  }
  if (!input.activity) throw new AppError('LOAD_ACTIVITY_REQUIRED', { rewardId: input.rewardId });
  const { title, date } = input.activity;
  const program = programCalendar(now, calendar);
  if (date > program.today || date < program.year.from)
    throw new AppError('LOAD_ACTIVITY_DATE', { date, from: program.year.from, to: program.today });
  const key = activityKey(title);
  if (key.length < 2) throw new AppError('VALIDATION_FAILED', [{ field: 'body.activity.title', message: 'Too short!', code: 'too_small' }]);
  return { title, date, key };
}

function assertCap(emails: readonly string[]) {
  if (emails.length > MAX_LOAD_EMAILS) throw new AppError('LOAD_TOO_MANY_EMAILS', { max: MAX_LOAD_EMAILS, count: emails.length });
}

/** Effective points: the administrator's, else the recognition's (which may be 0: then one must be given). */
function pointsOf(input: { points?: number }, reward: { points: number }): number {
  const points = input.points ?? reward.points;
  if (points < 1) throw new AppError('VALIDATION_FAILED', [{ field: 'body.points', message: 'Required field', code: 'too_small' }]);
  return points;
}

/**
 * `POST /api/loads/review`: each e-mail, by its position in the request, is correct (with the receiver)
 * or incorrect with one reason. Nothing is written.
 */
export async function reviewLoad(db: Db, p: { input: LoadReviewRequest; now: Date; calendar: CalendarRules }): Promise<LoadReview> {
  const { storeId, rewardId, emails } = p.input;
  assertCap(emails);
  const reward = await loadReward(db, storeId, rewardId);
  const points = pointsOf(p.input, reward);
  const activity = activityOf(p.input, reward, p.now, p.calendar);
  const screened = screenEmails(emails);
  const valid = screened.filter((e) => !e.reason);
  const incorrect: LoadReview['incorrect'] = [];
  const correct: LoadReview['correct'] = [];
  for (const e of screened) if (e.reason) incorrect.push({ index: e.index, email: e.email, reason: e.reason });
  if (valid.length > 0) {
    const since = frequencySince(p.now, p.calendar, reward.frequencyPeriod);
    const { rows } = await db.execute<{
      n: number;
      user_id: number | null;
      name: string;
      reason: LoadRejectionReason | null;
      prior_load: number | null;
      activity_title: string | null;
      activity_date: string | null;
    }>(
      sql`select c.n, c.user_id, c.name, c.reason, c.prior_load, l.activity_title, l.activity_date::text as activity_date
        from rs_classify_load(${storeId}::integer, ${rewardId}::integer, ${since.toISOString()}::timestamptz,
          ${textArray(valid.map((e) => e.normalized))}::text[], ${activity?.date ?? null}::date, ${activity?.key ?? null}::text) c
        left join loads l on l.id = c.prior_load
        order by c.n`,
    );
    for (const row of rows) {
      const e = valid[row.n - 1]!;
      if (row.reason) {
        // A once-per-activity refusal names the activity as the load that credited it wrote it.
        const credited: CreditedActivity | undefined =
          row.prior_load !== null && row.activity_title !== null && row.activity_date !== null
            ? { title: row.activity_title, date: row.activity_date, loadId: row.prior_load }
            : undefined;
        incorrect.push({ index: e.index, email: e.email, reason: row.reason, ...(credited ? { activity: credited } : {}) });
      } else correct.push({ index: e.index, email: e.normalized, userId: row.user_id!, name: row.name });
    }
  }
  incorrect.sort((a, b) => a.index - b.index);
  return { correct, incorrect, points, accrualOpen: isAccrualOpen(p.now, p.calendar) };
}

/** Fingerprint of a confirm request: the same Idempotency-Key with another body is refused. */
export function loadRequestHash(input: LoadCreate): string {
  const fields: unknown[] = [input.storeId, input.rewardId, input.points ?? null, input.reason ?? '', input.emails.map((e) => e.trim())];
  // Appended only when given, so the fingerprints of requests without an activity or an English reason stay what they were.
  if (input.activity) fields.push([input.activity.title, input.activity.date]);
  if (input.reasonEn) fields.push({ reasonEn: input.reasonEn });
  return requestFingerprint(fields);
}

/**
 * The confirm itself, without the request's checks: screens the e-mails and runs `rs_credit_load`.
 * `createLoad` calls it for the API; the demo seed calls it for its loads.
 */
export async function creditLoad(
  db: Db,
  p: {
    storeId: number;
    rewardId: number;
    points: number;
    /** What the receivers read, in Spanish and English ('' where not written; one of the two is, docs/architecture.md A6.15). */
    reason: string;
    reasonEn: string;
    actorId: number;
    idempotencyKey?: string;
    requestHash?: string;
    since: Date;
    now: Date;
    accrualOpen: boolean;
    emails: readonly string[];
    /** Required for a once-per-activity recognition, refused for the others (checked again under the lock). */
    activity?: ActivityOfLoad | null;
  },
): Promise<{ id: number; replayed: boolean }> {
  const screened = screenEmails(p.emails);
  const valid = screened.filter((e) => !e.reason);
  const refused = screened.filter((e) => e.reason);
  try {
    const { rows } = await db.execute<{ result: unknown }>(sql`select rs_credit_load(
      ${p.storeId}::integer, ${p.rewardId}::integer, ${p.points}::integer, ${p.reason}::text, ${p.reasonEn}::text, ${p.actorId}::integer,
      ${p.idempotencyKey ?? null}::text, ${p.requestHash ?? null}::text, ${p.since.toISOString()}::timestamptz,
      ${p.now.toISOString()}::timestamptz, ${p.accrualOpen}::boolean,
      ${textArray(valid.map((e) => e.normalized))}::text[], ${textArray(refused.map((e) => e.email))}::text[],
      ${textArray(refused.map((e) => e.reason!))}::text[],
      ${p.activity?.title ?? null}::text, ${p.activity?.date ?? null}::date, ${p.activity?.key ?? null}::text) as result`);
    const raw = rows[0]!.result;
    return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { id: number; replayed: boolean };
  } catch (err) {
    // The unique index on an activity's entries only fires if something credited it past the lock: try again.
    if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT');
    throw raisedRule(err) ?? err;
  }
}

/** An earlier load of this sender with this Idempotency-Key: replayed for the same request, refused for another. */
async function replay(db: Db, actorId: number, key: string, hash: string): Promise<Load | undefined> {
  const [prior] = await db
    .select({ id: s.loads.id, requestHash: s.loads.requestHash })
    .from(s.loads)
    .where(and(eq(s.loads.createdBy, actorId), eq(s.loads.idempotencyKey, key)));
  const replay = replayOf(prior, hash, { loadId: prior?.id });
  return replay && getLoad(db, replay.id);
}

/**
 * `POST /api/loads/`: checks everything again and credits the correct e-mails, all in one statement
 * (`rs_credit_load`): the group, a ledger credit, a consolidated row and a notification per receiver,
 * the refused e-mails with their reasons. The same Idempotency-Key with the same request returns the
 * first load; with another request it is IDEMPOTENCY_KEY_REUSED (422).
 */
export async function createLoad(
  db: Db,
  p: { actorId: number; input: LoadCreate; idempotencyKey?: string; now: Date; calendar: CalendarRules },
): Promise<{ load: Load; replayed: boolean }> {
  const { input } = p;
  assertCap(input.emails);
  const hash = loadRequestHash(input);
  if (p.idempotencyKey) {
    const prior = await replay(db, p.actorId, p.idempotencyKey, hash);
    if (prior) return { load: prior, replayed: true };
  }
  assertAccrualOpen(p.now, p.calendar);
  const reward = await loadReward(db, input.storeId, input.rewardId);
  const points = pointsOf(input, reward);
  const activity = activityOf(input, reward, p.now, p.calendar);
  const result = await creditLoad(db, {
    storeId: input.storeId,
    rewardId: input.rewardId,
    points,
    reason: input.reason ?? '',
    reasonEn: input.reasonEn ?? '',
    actorId: p.actorId,
    idempotencyKey: p.idempotencyKey,
    requestHash: hash,
    since: frequencySince(p.now, p.calendar, reward.frequencyPeriod),
    now: p.now,
    accrualOpen: isAccrualOpen(p.now, p.calendar),
    emails: input.emails,
    activity,
  });
  return { load: await getLoad(db, result.id), replayed: result.replayed };
}

// ---------------------------------------------------------------------------------------------
// Reading loads
// ---------------------------------------------------------------------------------------------

const sender = alias(s.users, 'sender');
const senderStore = alias(s.stores, 'sender_store');

const loadColumns = {
  id: s.loads.id,
  storeId: s.loads.storeId,
  storeName: s.stores.title,
  rewardId: s.loads.rewardId,
  rewardName: s.rewards.name,
  rewardNameEn: s.rewards.nameEn,
  reason: s.loads.reason,
  reasonEn: s.loads.reasonEn,
  activityTitle: s.loads.activityTitle,
  activityDate: s.loads.activityDate,
  points: s.loads.points,
  receivers: s.loads.receivers,
  rejected: s.loads.rejected,
  totalPoints: s.loads.totalPoints,
  senderId: sender.id,
  senderName: fullName(sender.name, sender.lastName),
  senderEmail: sender.email,
  senderStoreName: senderStore.title,
  createdAt: s.loads.createdAt,
};

function loadQuery(db: DbOrTx) {
  return db
    .select(loadColumns)
    .from(s.loads)
    .innerJoin(s.stores, eq(s.stores.id, s.loads.storeId))
    .innerJoin(sender, eq(sender.id, s.loads.createdBy))
    .leftJoin(s.rewards, eq(s.rewards.id, s.loads.rewardId))
    .leftJoin(senderStore, eq(senderStore.id, s.loads.senderStoreId));
}

function toLoad(r: Awaited<ReturnType<ReturnType<typeof loadQuery>['execute']>>[number]): Load {
  return {
    id: r.id,
    storeId: r.storeId,
    storeName: r.storeName,
    reward: r.rewardId && r.rewardName !== null ? { id: r.rewardId, name: r.rewardName, nameEn: r.rewardNameEn ?? '' } : null,
    reason: r.reason,
    reasonEn: r.reasonEn,
    activity: r.activityTitle !== null && r.activityDate !== null ? { title: r.activityTitle, date: r.activityDate } : null,
    points: r.points,
    receivers: r.receivers,
    rejected: r.rejected,
    totalPoints: Number(r.totalPoints),
    sender: { id: r.senderId, name: r.senderName, email: r.senderEmail },
    senderStoreName: r.senderStoreName,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function getLoad(db: DbOrTx, id: number): Promise<Load> {
  const [row] = await loadQuery(db).where(eq(s.loads.id, id));
  if (!row) throw notFound();
  return toLoad(row);
}

const storeFilter = (column: typeof s.loads.storeId, storeIds: number[] | null) =>
  storeIds === null ? undefined : storeIds.length ? inArray(column, storeIds) : sql`false`;

/** Whole local days of the program time zone. */
function dateRange(column: typeof s.loads.createdAt | typeof s.loadEntries.createdAt, q: { from?: string; to?: string }, timeZone: string) {
  return [
    q.from ? gte(column, startOfLocalDay(q.from, timeZone)) : undefined,
    q.to ? lt(column, startOfLocalDay(addDays(q.to, 1), timeZone)) : undefined,
  ];
}

/** `GET /api/loads/`: the loads of the stores asked for, newest first. */
export async function listLoads(
  db: DbOrTx,
  q: Omit<LoadListQuery, 'storeId'> & { storeIds: number[] | null; timeZone: string },
): Promise<ListResponse<Load>> {
  const where = and(
    storeFilter(s.loads.storeId, q.storeIds),
    q.rewardId ? eq(s.loads.rewardId, q.rewardId) : undefined,
    ...dateRange(s.loads.createdAt, q, q.timeZone),
  );
  const [rows, [total]] = await Promise.all([
    loadQuery(db)
      .where(where)
      .orderBy(desc(s.loads.createdAt), desc(s.loads.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.loads).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return { data: rows.map(toLoad), page: q.page, pageSize: q.pageSize, totalCount, totalPages: Math.ceil(totalCount / q.pageSize) };
}

// ---------------------------------------------------------------------------------------------
// Consolidated rows (one per receiver) and their export
// ---------------------------------------------------------------------------------------------

const receiver = alias(s.users, 'receiver');
const receiverStore = alias(s.stores, 'receiver_store');

const consolidatedColumns = {
  id: s.loadEntries.id,
  loadId: s.loadEntries.loadId,
  rewardId: s.loadEntries.rewardId,
  rewardName: s.rewards.name,
  rewardNameEn: s.rewards.nameEn,
  receiverId: s.loadEntries.userId,
  receiverName: fullName(receiver.name, receiver.lastName),
  receiverEmail: receiver.email,
  receiverStoreName: receiverStore.title,
  senderId: sender.id,
  senderName: fullName(sender.name, sender.lastName),
  senderEmail: sender.email,
  senderStoreName: senderStore.title,
  points: s.loadEntries.points,
  createdAt: s.loadEntries.createdAt,
};

export type ConsolidatedScope = ConsolidatedFilters & { storeIds: number[] | null; timeZone: string };

function consolidatedWhere(q: ConsolidatedScope): SQL | undefined {
  return and(
    storeFilter(s.loads.storeId, q.storeIds),
    q.storeId ? eq(s.loads.storeId, q.storeId) : undefined,
    q.loadId ? eq(s.loadEntries.loadId, q.loadId) : undefined,
    q.rewardId ? eq(s.loadEntries.rewardId, q.rewardId) : undefined,
    q.receiver
      ? or(ilike(receiver.email, likeOf(q.receiver)), ilike(fullName(receiver.name, receiver.lastName), likeOf(q.receiver)))
      : undefined,
    q.sender ? or(ilike(sender.email, likeOf(q.sender)), ilike(fullName(sender.name, sender.lastName), likeOf(q.sender))) : undefined,
    ...dateRange(s.loadEntries.createdAt, q, q.timeZone),
  );
}

function consolidatedFrom<T extends Record<string, unknown>>(db: DbOrTx, columns: T) {
  return db
    .select(columns as never)
    .from(s.loadEntries)
    .innerJoin(s.loads, eq(s.loads.id, s.loadEntries.loadId))
    .innerJoin(receiver, eq(receiver.id, s.loadEntries.userId))
    .innerJoin(sender, eq(sender.id, s.loads.createdBy))
    .leftJoin(s.rewards, eq(s.rewards.id, s.loadEntries.rewardId))
    .leftJoin(receiverStore, eq(receiverStore.id, s.loadEntries.receiverStoreId))
    .leftJoin(senderStore, eq(senderStore.id, s.loads.senderStoreId));
}

interface ConsolidatedRecord {
  id: number;
  loadId: number;
  rewardId: number | null;
  rewardName: string | null;
  rewardNameEn: string | null;
  receiverId: number;
  receiverName: string;
  receiverEmail: string;
  receiverStoreName: string | null;
  senderId: number;
  senderName: string;
  senderEmail: string;
  senderStoreName: string | null;
  points: number;
  createdAt: Date;
}

function toConsolidated(r: ConsolidatedRecord): ConsolidatedRow {
  const at = r.createdAt.toISOString();
  return {
    id: r.id,
    loadId: r.loadId,
    reward: r.rewardId && r.rewardName !== null ? { id: r.rewardId, name: r.rewardName, nameEn: r.rewardNameEn ?? '' } : null,
    receiver: { id: r.receiverId, name: r.receiverName, email: r.receiverEmail },
    receiverStoreName: r.receiverStoreName,
    sender: { id: r.senderId, name: r.senderName, email: r.senderEmail },
    senderStoreName: r.senderStoreName,
    points: r.points,
    createdAt: at,
    // Consolidated rows are never edited: their last update is their creation.
    updatedAt: at,
  };
}

/** `GET /api/loads/consolidated/`: one row per receiver, newest first, paged. */
export async function listConsolidated(db: DbOrTx, q: ConsolidatedScope & { page: number; pageSize: number }): Promise<ConsolidatedPage> {
  const where = consolidatedWhere(q);
  const [rows, [total]] = await Promise.all([
    consolidatedFrom(db, consolidatedColumns)
      .where(where)
      .orderBy(desc(s.loadEntries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize) as unknown as Promise<ConsolidatedRecord[]>,
    consolidatedFrom(db, { n: count() }).where(where) as unknown as Promise<{ n: number }[]>,
  ]);
  const totalCount = Number(total?.n ?? 0);
  return {
    data: { loads: rows.map(toConsolidated), totalCount },
    page: q.page,
    pageSize: q.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / q.pageSize),
  };
}

/** Rows of a page of PGlite's export. */
export const EXPORT_PAGE = 1_000;
/** The longest an export's COPY may take on PostgreSQL (a client that stops reading holds it). */
const EXPORT_TIMEOUT = '15min';

/** A consolidated row's values as SQL, for an export's columns (docs/decisions/0005-bulk-loads.md). */
export interface ConsolidatedSqlRow {
  /** 1 for the newest row, then 2, 3… in the order of the export. */
  rowNumber: SQL;
  id: SQL;
  loadId: SQL;
  createdAt: SQL;
  /** The recognition's name in each language, with the other as fallback (docs/architecture.md A6.15). */
  rewardName: Record<Language, SQL>;
  receiverName: SQL;
  receiverEmail: SQL;
  receiverStoreName: SQL;
  senderName: SQL;
  senderEmail: SQL;
  senderStoreName: SQL;
  points: SQL;
}

/** What an export has the database write: the columns of each row, and COPY's options (`with (format csv…)`). */
export interface ConsolidatedCopy {
  columns: (row: ConsolidatedSqlRow) => SQL[];
  options: string;
}

function consolidatedSqlRow(rowNumber: SQL): ConsolidatedSqlRow {
  return {
    rowNumber,
    id: sql`${s.loadEntries.id}`,
    loadId: sql`${s.loadEntries.loadId}`,
    createdAt: sql`${s.loadEntries.createdAt}`,
    rewardName: { es: inLanguage(s.rewards.name, s.rewards.nameEn, 'es'), en: inLanguage(s.rewards.name, s.rewards.nameEn, 'en') },
    receiverName: fullName(receiver.name, receiver.lastName),
    receiverEmail: sql`${receiver.email}`,
    receiverStoreName: sql`${receiverStore.title}`,
    senderName: fullName(sender.name, sender.lastName),
    senderEmail: sql`${sender.email}`,
    senderStoreName: sql`${senderStore.title}`,
    points: sql`${s.loadEntries.points}`,
  };
}

/**
 * The consolidated rows of an export, newest first, as the database writes them with COPY (lib/export/copy-out.ts):
 * the bytes of the file's body, in chunks the caller asks for one at a time, only when its client has
 * taken the last. On PostgreSQL one `COPY (…) TO STDOUT` streams them all (one snapshot), read as bytes
 * that never become strings in Node; on PGlite, whose single connection every request shares, pages of
 * EXPORT_PAGE rows (keyset: `id < last`) are each copied whole.
 */
export async function* consolidatedCopy(db: Db, q: ConsolidatedScope, copy: ConsolidatedCopy): AsyncGenerator<Buffer> {
  const newestFirst = desc(s.loadEntries.id);
  const where = consolidatedWhere(q);
  const select = (rowNumber: SQL, narrower?: SQL) => {
    const columns = copy.columns(consolidatedSqlRow(rowNumber));
    const query = consolidatedFrom(db, Object.fromEntries(columns.map((column, i) => [`c${i}`, column])))
      .where(and(where, narrower))
      .orderBy(newestFirst)
      .toSQL();
    return inlineParams(query.sql, query.params);
  };
  const client: unknown = db.$client;
  if (client instanceof pg.Pool) {
    yield* copyOut(client, `copy (${select(sql`row_number() over (order by ${newestFirst})`)}) to stdout ${copy.options}`, EXPORT_TIMEOUT);
    return;
  }
  let before: number | undefined;
  for (let done = 0; ; done += EXPORT_PAGE) {
    const ids = (await consolidatedFrom(db, { id: s.loadEntries.id })
      .where(and(where, before === undefined ? undefined : lt(s.loadEntries.id, before)))
      .orderBy(newestFirst)
      .limit(EXPORT_PAGE)) as unknown as { id: number }[];
    if (ids.length === 0) return;
    const [newest, oldest] = [ids[0]!.id, ids[ids.length - 1]!.id];
    const page = and(lte(s.loadEntries.id, newest), gte(s.loadEntries.id, oldest));
    const rowNumber = sql`(${done}::integer + row_number() over (order by ${newestFirst}))`;
    yield await copyBlob(client as PGlite, `copy (${select(rowNumber, page)}) to '/dev/blob' ${copy.options}`);
    if (ids.length < EXPORT_PAGE) return;
    before = oldest;
  }
}

// ---------------------------------------------------------------------------------------------
// E-mails of a load
// ---------------------------------------------------------------------------------------------

/** `GET /api/loads/emails/`: a load's e-mails, the credited ones first, each list in the order written. */
export async function listLoadEmails(db: DbOrTx, q: LoadEmailsQuery): Promise<ListResponse<LoadEmail>> {
  const correct = sql`select le.email, 'correct' as status, null::text as reason, le.user_id, concat_ws(' ', u.name, u.last_name) as name, 0 as part, le.id as ord
    from load_entries le join users u on u.id = le.user_id where le.load_id = ${q.loadId}`;
  const incorrect = sql`select lr.email, 'incorrect' as status, lr.reason, null::integer as user_id, null::text as name, 1 as part, lr.id as ord
    from load_rejections lr where lr.load_id = ${q.loadId}`;
  const parts = q.status === 'correct' ? correct : q.status === 'incorrect' ? incorrect : sql`${correct} union all ${incorrect}`;
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<{
      email: string;
      status: 'correct' | 'incorrect';
      reason: LoadRejectionReason | null;
      user_id: number | null;
      name: string | null;
    }>(
      sql`select email, status, reason, user_id, name from (${parts}) e order by part, ord limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::integer as n from (${parts}) e`),
  ]);
  const totalCount = Number(totals[0]?.n ?? 0);
  return {
    data: rows.map((r) => ({ email: r.email, status: r.status, reason: r.reason, userId: r.user_id, name: r.name })),
    page: q.page,
    pageSize: q.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / q.pageSize),
  };
}

import { eq, sql } from 'drizzle-orm';
import type { AddonCreate, RecognitionCreate } from '@rewards/shared/peer';
import { DEFAULT_GIVING, type PeerAddon, type PeerComment, type PeerReaction, type Recognition } from '@rewards/shared/peer-rules';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { keyedWrite, replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import type { FeedAnnouncement } from '../../plugins/realtime.ts';
import { givingDay } from './allowance.service.ts';
import {
  announcementColumns,
  announcementOf,
  getRecognition,
  hotRows,
  isoOf,
  personJson,
  recognitionFor,
  visibleTo,
  type Viewer,
} from './feed.service.ts';

/**
 * Giving, adding to, commenting on and reacting to recognitions (docs/architecture.md A6.16). What needs the
 * giver's allowance (the remainder, the share cap, the key, the credit through the points ledger's one
 * writer) happens in one statement, rs_give; what needs no lock is read before it in one query and checked
 * here, so a refusal writes nothing. Once a write has committed, the live feed hears of it through
 * `announce` (the realtime transport's announceFeed; none in the demo data), and the answer's card is one
 * statement (decision 0048: few round trips per request).
 */

/** Tells the live feed of a committed write (plugins/realtime.ts announceFeed). */
export type Announce = (announcement: FeedAnnouncement) => void;

interface GiveContext {
  viewer: Viewer;
  idempotencyKey?: string;
  now: Date;
  calendar: CalendarRules;
  announce?: Announce;
}

function assertMessage(message: string, min: number) {
  if (message.length < min) throw new AppError('MESSAGE_TOO_SHORT', { min });
}

/** Runs rs_give: answers the recognition's id, the add-on's, and whether the key replayed an earlier give. */
async function runGive(
  db: DbOrTx,
  p: {
    giverId: number;
    recognitionId: number | null;
    recipients: readonly number[];
    points: number;
    message: string;
    values: readonly number[];
    private: boolean;
    key: string | null;
    hash: string;
    now: Date;
    calendar: CalendarRules;
  },
): Promise<{ recognitionId: number; addonId: number | null; replayed: boolean }> {
  try {
    const { rows } = await keyedWrite(() =>
      db.execute<{ recognition_id: number; addon_id: number | null; replayed: boolean }>(sql`
        select recognition_id, addon_id, replayed from rs_give(
          ${p.giverId}::int, ${p.recognitionId}::int, ${intArray(p.recipients)}::int[], ${p.points}::int, ${p.message}::text,
          ${intArray(p.values)}::int[], ${p.private}::boolean, ${p.key}::text, ${p.hash}::text,
          ${givingDay(p.now, p.calendar)}::date, ${p.now.toISOString()}::timestamptz)`),
    );
    const r = rows[0]!;
    return {
      recognitionId: Number(r.recognition_id),
      addonId: r.addon_id === null ? null : Number(r.addon_id),
      replayed: Boolean(r.replayed),
    };
  } catch (err) {
    throw raisedRule(err) ?? err;
  }
}

/**
 * Everything a give is checked against before rs_give, in one query: an earlier recognition of the giver with
 * this key, which recipients are active people (not store accounts), the shortest message of the giver's
 * store and its active company values.
 */
async function giveChecks(db: DbOrTx, p: { giverId: number; recipients: readonly number[]; key: string | null }) {
  const rows = await hotRows<{
    prior_id: number | null;
    prior_hash: string | null;
    found: number[];
    min_message: number | null;
    active_values: number[];
  }>(
    db,
    sql`
    select k.id as prior_id, k.request_hash as prior_hash,
      array(select x.id from users x where x.id = any(${intArray(p.recipients)}::int[]) and x.active = 1 and not x.is_store) as found,
      (select g.min_message from giving_settings g where g.store_id = u.store_id) as min_message,
      array(select v.id from company_values v where v.store_id = u.store_id and v.active) as active_values
    from users u
    left join lateral (select r.id, r.request_hash from peer_recognitions r
      where r.giver_id = u.id and r.idempotency_key = ${p.key}::text) k on true
    where u.id = ${p.giverId}`,
  );
  const row = rows[0];
  if (!row) throw notFound();
  return {
    prior: row.prior_id === null ? undefined : { id: Number(row.prior_id), requestHash: row.prior_hash },
    found: new Set((row.found ?? []).map(Number)),
    minMessage: row.min_message === null ? DEFAULT_GIVING.minMessage : Number(row.min_message),
    activeValues: new Set((row.active_values ?? []).map(Number)),
  };
}

/**
 * POST /api/recognitions: the caller gives `points` to each recipient from their allowance. Refusals, in
 * this order, with nothing written: GIVE_TO_SELF, RECIPIENT_INACTIVE {userId}, MESSAGE_TOO_SHORT {min},
 * VALUE_REQUIRED, VALUE_UNKNOWN, ACCRUAL_CLOSED, then under the allowance's lock ALLOWANCE_EXCEEDED
 * {remaining} and GIVE_SHARE_CAP {recipientId, max}. The same Idempotency-Key and body replay the first
 * recognition; another body with it is IDEMPOTENCY_KEY_REUSED.
 */
export async function giveRecognition(
  db: DbOrTx,
  input: RecognitionCreate,
  ctx: GiveContext,
): Promise<{ recognition: Recognition; replayed: boolean }> {
  const giverId = ctx.viewer.id;
  const hash = requestFingerprint({
    ...input,
    recipients: [...input.recipients].sort((a, b) => a - b),
    values: [...input.values].sort((a, b) => a - b),
  });
  const key = ctx.idempotencyKey ?? null;
  const checks = await giveChecks(db, { giverId, recipients: input.recipients, key });
  const replay = replayOf(checks.prior, hash, { key });
  if (replay) return { recognition: await getRecognition(db, ctx.viewer, replay.id), replayed: true };
  if (input.recipients.includes(giverId)) throw new AppError('GIVE_TO_SELF');
  const missing = input.recipients.find((id) => !checks.found.has(id));
  if (missing !== undefined) throw new AppError('RECIPIENT_INACTIVE', { userId: missing });
  assertMessage(input.message, checks.minMessage);
  if (checks.activeValues.size > 0 && input.values.length === 0) throw new AppError('VALUE_REQUIRED');
  const unknown = input.values.find((id) => !checks.activeValues.has(id));
  if (unknown !== undefined) throw new AppError('VALUE_UNKNOWN', { valueId: unknown });
  assertAccrualOpen(ctx.now, ctx.calendar);
  const given = await runGive(db, {
    giverId,
    recognitionId: null,
    recipients: input.recipients,
    points: input.points,
    message: input.message,
    values: input.values,
    private: input.private,
    key,
    hash,
    now: ctx.now,
    calendar: ctx.calendar,
  });
  const { recognition, announce } = await recognitionFor(db, ctx.viewer, given.recognitionId);
  // A replay under the lock (a race on one key) wrote nothing: nothing new to tell.
  if (!given.replayed) ctx.announce?.({ ...announce('recognition'), notified: input.recipients });
  return { recognition, replayed: given.replayed };
}

/** An add-on as its card shows it. */
function addonOf(recognition: Recognition, addonId: number): PeerAddon {
  const addon = recognition.addons.find((a) => a.id === addonId);
  if (!addon) throw notFound();
  return addon;
}

/**
 * POST /api/recognitions/{id}/addons: the caller adds `points` for every recipient of a recognition they can
 * see, from their own allowance and under the same rules as a give; not to one they gave or received
 * (ADDON_OWN_RECOGNITION), nor to the company's celebration of a person (CELEBRATION_NO_ADDON,
 * docs/architecture.md A6.17: a colleague gives that person points of their own instead).
 */
export async function addAddon(
  db: DbOrTx,
  recognitionId: number,
  input: AddonCreate,
  ctx: GiveContext,
): Promise<{ addon: PeerAddon; replayed: boolean }> {
  const giverId = ctx.viewer.id;
  const hash = requestFingerprint({ recognitionId, ...input });
  const key = ctx.idempotencyKey ?? null;
  // An earlier add-on of the caller with this key, and the recognition if the caller may see it: one query.
  const { rows } = await db.execute<{
    prior_id: number | null;
    prior_recognition: number | null;
    prior_hash: string | null;
    found: number | null;
    kind: Recognition['kind'] | null;
    giver_id: number | null;
    recipients: number[] | null;
  }>(sql`
    select k.id as prior_id, k.recognition_id as prior_recognition, k.request_hash as prior_hash, r.id as found, r.kind, r.giver_id,
      case when r.id is not null then array(select p.user_id from peer_recognition_recipients p where p.recognition_id = r.id) end as recipients
    from (select 1) one
    left join lateral (select ad.id, ad.recognition_id, ad.request_hash from peer_addons ad
      where ad.giver_id = ${giverId} and ad.idempotency_key = ${key}::text) k on true
    left join peer_recognitions r on r.id = ${recognitionId} and ${visibleTo(ctx.viewer)}`);
  const row = rows[0]!;
  const prior =
    row.prior_id === null
      ? undefined
      : { id: Number(row.prior_id), recognitionId: Number(row.prior_recognition), requestHash: row.prior_hash };
  const replay = replayOf(prior, hash, { key });
  if (replay) return { addon: addonOf(await getRecognition(db, ctx.viewer, replay.recognitionId), replay.id), replayed: true };
  if (row.found === null) throw notFound();
  if (row.kind !== 'recognition') throw new AppError('CELEBRATION_NO_ADDON');
  if (Number(row.giver_id) === giverId || (row.recipients ?? []).map(Number).includes(giverId)) throw new AppError('ADDON_OWN_RECOGNITION');
  assertAccrualOpen(ctx.now, ctx.calendar);
  const given = await runGive(db, {
    giverId,
    recognitionId,
    recipients: [],
    points: input.points,
    message: input.message ?? '',
    values: [],
    private: false,
    key,
    hash,
    now: ctx.now,
    calendar: ctx.calendar,
  });
  const { recognition, announce } = await recognitionFor(db, ctx.viewer, given.recognitionId);
  if (!given.replayed) ctx.announce?.({ ...announce('addon'), notified: recognition.recipients.map((r) => r.id) });
  return { addon: addonOf(recognition, given.addonId!), replayed: given.replayed };
}

/**
 * POST /api/recognitions/{id}/comments: anyone who can see the recognition comments on it. One statement:
 * the recognition if the caller may see it (404 otherwise), the comment, and the comment as its card shows it.
 */
export async function addComment(
  db: DbOrTx,
  viewer: Viewer,
  recognitionId: number,
  message: string,
  now: Date,
  announce?: Announce,
): Promise<PeerComment> {
  const { rows } = await db.execute<{
    id: number;
    private: boolean;
    audience: number[] | null;
    stores: number[] | null;
    comment: PeerComment;
  }>(sql`
    with target as (select ${announcementColumns} from peer_recognitions r where r.id = ${recognitionId} and ${visibleTo(viewer)}),
    c as (insert into peer_comments (recognition_id, user_id, message, created_at)
      select t.id, ${viewer.id}::int, ${message}::text, ${now.toISOString()}::timestamptz from target t
      returning id, recognition_id, user_id, message, created_at)
    select t.id, t.private, t.audience, t.stores,
      json_build_object('id', c.id, 'recognitionId', c.recognition_id, 'author', ${personJson('u', 'st')},
        'message', c.message, 'createdAt', ${isoOf('c.created_at')}) as comment
    from c join target t on t.id = c.recognition_id join users u on u.id = c.user_id left join stores st on st.id = u.store_id`);
  const row = rows[0];
  if (!row) throw notFound();
  announce?.(announcementOf('comment', row));
  return row.comment;
}

/**
 * PUT/DELETE /api/recognitions/{id}/reactions/{emoji}: one reaction of each kind per person; both idempotent.
 * One statement: the recognition if the caller may see it (404 otherwise) and the change; only a change is
 * announced.
 */
export async function setReaction(
  db: DbOrTx,
  p: { viewer: Viewer; recognitionId: number; emoji: PeerReaction; on: boolean; now: Date; announce?: Announce },
): Promise<void> {
  const change = p.on
    ? sql`insert into peer_reactions (recognition_id, user_id, emoji, created_at)
        select t.id, ${p.viewer.id}::int, ${p.emoji}::text, ${p.now.toISOString()}::timestamptz from target t
        on conflict do nothing returning 1`
    : sql`delete from peer_reactions e using target t
        where e.recognition_id = t.id and e.user_id = ${p.viewer.id} and e.emoji = ${p.emoji}::text returning 1`;
  const { rows } = await db.execute<{
    id: number;
    private: boolean;
    audience: number[] | null;
    stores: number[] | null;
    changed: number;
  }>(sql`
    with target as (select ${announcementColumns} from peer_recognitions r where r.id = ${p.recognitionId} and ${visibleTo(p.viewer)}),
    changed as (${change})
    select t.*, (select count(*)::int from changed) as changed from target t`);
  const row = rows[0];
  if (!row) throw notFound();
  if (Number(row.changed) > 0) p.announce?.(announcementOf('reaction', row));
}

/**
 * PUT /api/users/{id}/manager: sets (or clears) a person's manager, an active user; nobody manages
 * themselves, directly or up the chain (MANAGER_CYCLE). The chain is read under a lock of the person's row.
 */
export async function setManager(db: DbOrTx, p: { userId: number; managerId: number | null; now: Date; actorId: number }) {
  return db.transaction(async (tx) => {
    if (p.managerId !== null) {
      if (p.managerId === p.userId) throw new AppError('MANAGER_CYCLE');
      const [manager] = await tx.select({ id: s.users.id, active: s.users.active }).from(s.users).where(eq(s.users.id, p.managerId));
      if (!manager || manager.active !== 1) throw new AppError('RECIPIENT_INACTIVE', { userId: p.managerId });
      // One change of the management chain at a time: two crossing changes could otherwise make a circle.
      await tx.execute(sql`select pg_advisory_xact_lock(7340049)`);
      const { rows } = await tx.execute<{ found: boolean }>(sql`
        with recursive chain(id, depth) as (
          select ${p.managerId}::int, 0
          union all
          select u.manager_id, c.depth + 1 from chain c join users u on u.id = c.id
          where u.manager_id is not null and c.depth < 10000)
        select exists (select 1 from chain where id = ${p.userId}) as found`);
      if (rows[0]?.found) throw new AppError('MANAGER_CYCLE');
    }
    const [row] = await tx
      .update(s.users)
      .set({ managerId: p.managerId, updatedAt: p.now, modifiedBy: p.actorId })
      .where(eq(s.users.id, p.userId))
      .returning({ userId: s.users.id, managerId: s.users.managerId });
    if (!row) throw notFound();
    return row;
  });
}

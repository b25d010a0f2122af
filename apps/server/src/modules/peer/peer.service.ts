import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AddonCreate, RecognitionCreate } from '@rewards/shared/peer';
import type { PeerAddon, PeerComment, PeerReaction, Recognition } from '@rewards/shared/peer-rules';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertAccrualOpen, type CalendarRules } from '../../lib/calendar.ts';
import { raisedRule } from '../../lib/database-errors.ts';
import { keyedWrite, replayOf, requestFingerprint } from '../../lib/idempotency.ts';
import { intArray } from '../../lib/sql-arrays.ts';
import { givingDay, givingSettingsOf } from './allowance.service.ts';
import { assertVisible, getRecognition, type Viewer } from './feed.service.ts';

/**
 * Giving, adding to, commenting on and reacting to recognitions (docs/architecture.md A6.16). What needs the
 * giver's allowance (the remainder, the share cap, the key, the credit through the points ledger's one
 * writer) happens in one statement, rs_give; what needs no lock is checked here first, so a refusal writes
 * nothing. Every write tells the live feed in its own transaction (rs_announce_feed).
 */

interface GiveContext {
  viewer: Viewer;
  idempotencyKey?: string;
  now: Date;
  calendar: CalendarRules;
}

/** The giver's store and the rules of it a give is checked against. */
async function giverOf(db: DbOrTx, userId: number) {
  const [row] = await db.select({ storeId: s.users.storeId }).from(s.users).where(eq(s.users.id, userId));
  if (!row) throw notFound();
  return { storeId: row.storeId, settings: await givingSettingsOf(db, row.storeId) };
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
  if (key) {
    const [prior] = await db
      .select({ id: s.peerRecognitions.id, requestHash: s.peerRecognitions.requestHash })
      .from(s.peerRecognitions)
      .where(and(eq(s.peerRecognitions.giverId, giverId), eq(s.peerRecognitions.idempotencyKey, key)));
    const replay = replayOf(prior, hash, { key });
    if (replay) return { recognition: await getRecognition(db, ctx.viewer, replay.id), replayed: true };
  }
  if (input.recipients.includes(giverId)) throw new AppError('GIVE_TO_SELF');
  const people = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(and(inArray(s.users.id, [...input.recipients]), eq(s.users.active, 1), eq(s.users.isStore, false)));
  const found = new Set(people.map((u) => u.id));
  const missing = input.recipients.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError('RECIPIENT_INACTIVE', { userId: missing });
  const giver = await giverOf(db, giverId);
  assertMessage(input.message, giver.settings.minMessage);
  const active =
    giver.storeId === null
      ? []
      : await db
          .select({ id: s.companyValues.id })
          .from(s.companyValues)
          .where(and(eq(s.companyValues.storeId, giver.storeId), eq(s.companyValues.active, true)));
  const activeIds = new Set(active.map((v) => v.id));
  if (activeIds.size > 0 && input.values.length === 0) throw new AppError('VALUE_REQUIRED');
  const unknown = input.values.find((id) => !activeIds.has(id));
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
  return { recognition: await getRecognition(db, ctx.viewer, given.recognitionId), replayed: given.replayed };
}

/** An add-on as its card shows it. */
async function getAddon(db: DbOrTx, viewer: Viewer, recognitionId: number, addonId: number): Promise<PeerAddon> {
  const recognition = await getRecognition(db, viewer, recognitionId);
  const addon = recognition.addons.find((a) => a.id === addonId);
  if (!addon) throw notFound();
  return addon;
}

/**
 * POST /api/recognitions/{id}/addons: the caller adds `points` for every recipient of a recognition they can
 * see, from their own allowance and under the same rules as a give; not to one they gave or received
 * (ADDON_OWN_RECOGNITION).
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
  if (key) {
    const [prior] = await db
      .select({ id: s.peerAddons.id, recognitionId: s.peerAddons.recognitionId, requestHash: s.peerAddons.requestHash })
      .from(s.peerAddons)
      .where(and(eq(s.peerAddons.giverId, giverId), eq(s.peerAddons.idempotencyKey, key)));
    const replay = replayOf(prior, hash, { key });
    if (replay) return { addon: await getAddon(db, ctx.viewer, replay.recognitionId, replay.id), replayed: true };
  }
  const seen = await assertVisible(db, ctx.viewer, recognitionId);
  if (seen.giverId === giverId || seen.recipients.includes(giverId)) throw new AppError('ADDON_OWN_RECOGNITION');
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
  return { addon: await getAddon(db, ctx.viewer, given.recognitionId, given.addonId!), replayed: given.replayed };
}

/** POST /api/recognitions/{id}/comments: anyone who can see the recognition comments on it. */
export async function addComment(db: DbOrTx, viewer: Viewer, recognitionId: number, message: string, now: Date): Promise<PeerComment> {
  await assertVisible(db, viewer, recognitionId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.peerComments)
      .values({ recognitionId, userId: viewer.id, message, createdAt: now })
      .returning({ id: s.peerComments.id });
    await tx.execute(sql`select rs_announce_feed('comment', ${recognitionId}::int)`);
    return row!.id;
  });
  const recognition = await getRecognition(db, viewer, recognitionId);
  return recognition.comments.find((c) => c.id === id)!;
}

/** PUT/DELETE /api/recognitions/{id}/reactions/{emoji}: one reaction of each kind per person; both idempotent. */
export async function setReaction(
  db: DbOrTx,
  p: { viewer: Viewer; recognitionId: number; emoji: PeerReaction; on: boolean; now: Date },
): Promise<void> {
  await assertVisible(db, p.viewer, p.recognitionId);
  await db.transaction(async (tx) => {
    const changed = p.on
      ? await tx
          .insert(s.peerReactions)
          .values({ recognitionId: p.recognitionId, userId: p.viewer.id, emoji: p.emoji, createdAt: p.now })
          .onConflictDoNothing()
          .returning({ emoji: s.peerReactions.emoji })
      : await tx
          .delete(s.peerReactions)
          .where(
            and(
              eq(s.peerReactions.recognitionId, p.recognitionId),
              eq(s.peerReactions.userId, p.viewer.id),
              eq(s.peerReactions.emoji, p.emoji),
            ),
          )
          .returning({ emoji: s.peerReactions.emoji });
    if (changed.length) await tx.execute(sql`select rs_announce_feed('reaction', ${p.recognitionId}::int)`);
  });
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

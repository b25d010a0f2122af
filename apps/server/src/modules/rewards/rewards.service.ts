import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import { REWARD_CODE_MAX, type Reward, type RewardAreaGroup, type RewardCreate, type RewardForm } from '@rewards/shared/rewards';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage, sortText } from '../../lib/bilingual.ts';
import { containsText, slugify } from '../../lib/search-text.ts';
import { assertAreaOfStore } from '../areas/areas.service.ts';
import { assertStoreExists } from '../stores/stores.service.ts';
import { FOREIGN_KEY_VIOLATION, pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';

const columns = {
  id: s.rewards.id,
  storeId: s.rewards.storeId,
  areaId: s.rewards.areaId,
  areaName: s.areas.name,
  areaNameEn: s.areas.nameEn,
  code: s.rewards.code,
  name: s.rewards.name,
  nameEn: s.rewards.nameEn,
  description: s.rewards.description,
  descriptionEn: s.rewards.descriptionEn,
  points: s.rewards.points,
  frequencyLimit: s.rewards.frequencyLimit,
  frequencyPeriod: s.rewards.frequencyPeriod,
  activityKind: s.rewards.activityKind,
  active: s.rewards.active,
};

const selectRewards = (db: DbOrTx) => db.select(columns).from(s.rewards).leftJoin(s.areas, eq(s.areas.id, s.rewards.areaId));

export interface RewardFilter {
  storeId: number;
  page: number;
  pageSize: number;
  search?: string;
  areaId?: number;
  /** undefined: active and inactive (administrators); true/false: only those. */
  active?: boolean;
}

/** A store's recognitions in the order they were created (the seed's order is the program's). */
export async function listRewards(db: DbOrTx, f: RewardFilter): Promise<ListResponse<Reward>> {
  const conditions: SQL[] = [eq(s.rewards.storeId, f.storeId)];
  if (f.active !== undefined) conditions.push(eq(s.rewards.active, f.active));
  if (f.areaId !== undefined) conditions.push(eq(s.rewards.areaId, f.areaId));
  if (f.search)
    conditions.push(
      containsText(f.search, s.rewards.name, s.rewards.nameEn, s.rewards.code, s.rewards.description, s.rewards.descriptionEn),
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectRewards(db)
      .where(where)
      .orderBy(asc(s.rewards.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(s.rewards).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(rows, f, totalCount);
}

export async function getReward(db: DbOrTx, id: number): Promise<Reward> {
  const [row] = await selectRewards(db).where(eq(s.rewards.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * The "select an area" step: a store's active recognitions grouped by their active area, areas by name;
 * recognitions without an area come last (area null). Areas without active recognitions, and the
 * recognitions of inactive areas, are left out.
 */
export async function listRewardsByArea(db: DbOrTx, storeId: number): Promise<RewardAreaGroup[]> {
  const rows = await db
    .select({ ...columns, areaDescription: s.areas.description, areaDescriptionEn: s.areas.descriptionEn })
    .from(s.rewards)
    .leftJoin(s.areas, eq(s.areas.id, s.rewards.areaId))
    .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.active, true), or(isNull(s.rewards.areaId), eq(s.areas.active, true))))
    .orderBy(sql`${sortText(s.areas.name, s.areas.nameEn)} asc nulls last`, asc(s.areas.id), asc(s.rewards.id));
  const groups: RewardAreaGroup[] = [];
  for (const { areaDescription, areaDescriptionEn, ...reward } of rows) {
    const last = groups[groups.length - 1];
    if (last && (last.area?.id ?? null) === reward.areaId) last.rewards.push(reward);
    else
      groups.push({
        area:
          reward.areaId === null
            ? null
            : {
                id: reward.areaId,
                name: reward.areaName ?? '',
                nameEn: reward.areaNameEn ?? '',
                description: areaDescription ?? '',
                descriptionEn: areaDescriptionEn ?? '',
              },
        rewards: [reward],
      });
  }
  return groups;
}

/** A code unique within the store, from the name (Spanish, else English): "voz-del-cliente", then "voz-del-cliente-2", ... */
async function uniqueCode(db: DbOrTx, storeId: number, name: string): Promise<string> {
  const base =
    slugify(name)
      .slice(0, REWARD_CODE_MAX - 6)
      .replace(/-+$/, '') || 'reconocimiento';
  const rows = await db
    .select({ code: s.rewards.code })
    .from(s.rewards)
    .where(and(eq(s.rewards.storeId, storeId), sql`${s.rewards.code} ~ ${`^${base}(-[0-9]+)?$`}`));
  const taken = new Set(rows.map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** The kind of activity is kept only for once-per-activity recognitions (the schema requires it then). */
const kindOf = (input: RewardForm) => (input.frequencyPeriod === 'activity' ? (input.activityKind ?? null) : null);

const codeTaken = () =>
  new AppError('REWARD_CODE_TAKEN', [{ field: 'body.code', message: 'Already used by another recognition', code: 'taken' }]);

/** A write that lost a race: another recognition took the code first (or the area went away meanwhile). */
function writeConflict(err: unknown, explicitCode: boolean): never {
  const code = pgCode(err);
  if (code === UNIQUE_VIOLATION) throw explicitCode ? codeTaken() : new AppError('CONFLICT');
  if (code === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT');
  throw err;
}

export async function createReward(db: DbOrTx, input: RewardCreate & { actorId: number; now: Date }): Promise<Reward> {
  const explicitCode = Boolean(input.code);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await assertStoreExists(tx, input.storeId);
      await assertAreaOfStore(tx, input.areaId, input.storeId);
      const code = input.code || (await uniqueCode(tx, input.storeId, input.name || input.nameEn || ''));
      if (explicitCode) await assertCodeFree(tx, input.storeId, code);
      const [row] = await tx
        .insert(s.rewards)
        .values({
          storeId: input.storeId,
          areaId: input.areaId,
          code,
          name: input.name ?? '',
          nameEn: input.nameEn ?? '',
          description: input.description ?? '',
          descriptionEn: input.descriptionEn ?? '',
          points: input.points,
          frequencyLimit: input.frequencyLimit,
          frequencyPeriod: input.frequencyPeriod,
          activityKind: kindOf(input),
          createdBy: input.actorId,
          modifiedBy: input.actorId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning({ id: s.rewards.id });
      return row!.id;
    });
  } catch (err) {
    writeConflict(err, explicitCode);
  }
  return getReward(db, id);
}

async function assertCodeFree(tx: DbOrTx, storeId: number, code: string, exceptId?: number): Promise<void> {
  const [other] = await tx
    .select({ id: s.rewards.id })
    .from(s.rewards)
    .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.code, code)));
  if (other && other.id !== exceptId) throw codeTaken();
}

/**
 * Replaces the form's fields; an empty or missing code keeps the current one (loads and reports name it), and a
 * language left out keeps what is stored (docs/architecture.md A6.15).
 */
export async function updateReward(db: DbOrTx, id: number, input: RewardForm & { actorId: number; now: Date }): Promise<Reward> {
  const explicitCode = Boolean(input.code);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          storeId: s.rewards.storeId,
          code: s.rewards.code,
          name: s.rewards.name,
          nameEn: s.rewards.nameEn,
          description: s.rewards.description,
          descriptionEn: s.rewards.descriptionEn,
        })
        .from(s.rewards)
        .where(eq(s.rewards.id, id))
        .for('update');
      if (!current) throw notFound();
      const texts = {
        name: input.name ?? current.name,
        nameEn: input.nameEn ?? current.nameEn,
        description: input.description ?? current.description,
        descriptionEn: input.descriptionEn ?? current.descriptionEn,
      };
      assertOneLanguage(texts, ['name', 'description']);
      await assertAreaOfStore(tx, input.areaId, current.storeId);
      const code = input.code || current.code;
      if (code !== current.code) await assertCodeFree(tx, current.storeId, code, id);
      await tx
        .update(s.rewards)
        .set({
          areaId: input.areaId,
          code,
          ...texts,
          points: input.points,
          frequencyLimit: input.frequencyLimit,
          frequencyPeriod: input.frequencyPeriod,
          activityKind: kindOf(input),
          modifiedBy: input.actorId,
          updatedAt: input.now,
        })
        .where(eq(s.rewards.id, id));
    });
  } catch (err) {
    writeConflict(err, explicitCode);
  }
  return getReward(db, id);
}

export async function setRewardActive(db: DbOrTx, id: number, active: boolean, actorId: number, now: Date): Promise<Reward> {
  const [row] = await db
    .update(s.rewards)
    .set({ active, modifiedBy: actorId, updatedAt: now })
    .where(eq(s.rewards.id, id))
    .returning({ id: s.rewards.id });
  if (!row) throw notFound();
  return getReward(db, id);
}

/**
 * Deletes a recognition nobody has received. One named by a load or a load's entry is refused with
 * 409 REWARD_IN_USE (the consolidated reports name it): deactivate it instead.
 */
export async function deleteReward(db: DbOrTx, id: number): Promise<Reward> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: s.rewards.id }).from(s.rewards).where(eq(s.rewards.id, id)).for('update');
      if (!current) throw notFound();
      const reward = await getReward(tx, id);
      const [loads] = await tx.select({ n: count() }).from(s.loads).where(eq(s.loads.rewardId, id));
      const [entries] = await tx.select({ n: count() }).from(s.loadEntries).where(eq(s.loadEntries.rewardId, id));
      const usage = { loads: loads?.n ?? 0, entries: entries?.n ?? 0 };
      if (usage.loads > 0 || usage.entries > 0) throw new AppError('REWARD_IN_USE', usage);
      await tx.delete(s.rewards).where(eq(s.rewards.id, id));
      return reward;
    });
  } catch (err) {
    // A load written between the check and the delete still holds the row by its foreign key.
    if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw new AppError('REWARD_IN_USE');
    throw err;
  }
}

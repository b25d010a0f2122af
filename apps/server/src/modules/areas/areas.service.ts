import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Area, AreaCreate, AreaForm } from '@rewards/shared/areas';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertOneLanguage, sortText } from '../../lib/bilingual.ts';
import { containsText } from '../../lib/search-text.ts';
import { assertStoreExists } from '../stores/stores.service.ts';

const columns = {
  id: s.areas.id,
  storeId: s.areas.storeId,
  name: s.areas.name,
  nameEn: s.areas.nameEn,
  description: s.areas.description,
  descriptionEn: s.areas.descriptionEn,
  active: s.areas.active,
  // Qualified by hand: inside a select Drizzle writes bare column names, and a bare "id" would be the rewards' own.
  rewardCount:
    sql<number>`(select count(*)::int from ${s.rewards} where ${s.rewards}.${sql.identifier('area_id')} = ${s.areas}.${sql.identifier('id')})`.mapWith(
      Number,
    ),
};

export interface AreaFilter {
  storeId: number;
  page: number;
  pageSize: number;
  search?: string;
  /** undefined: active and inactive; true/false: only those. */
  active?: boolean;
}

export async function listAreas(db: DbOrTx, f: AreaFilter): Promise<ListResponse<Area>> {
  const conditions: SQL[] = [eq(s.areas.storeId, f.storeId)];
  if (f.active !== undefined) conditions.push(eq(s.areas.active, f.active));
  if (f.search) conditions.push(containsText(f.search, s.areas.name, s.areas.nameEn, s.areas.description, s.areas.descriptionEn));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(s.areas)
      .where(where)
      .orderBy(sortText(s.areas.name, s.areas.nameEn), asc(s.areas.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(s.areas).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(rows, f, totalCount);
}

export async function getArea(db: DbOrTx, id: number): Promise<Area> {
  const [row] = await db.select(columns).from(s.areas).where(eq(s.areas.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * The area a recognition names must exist (400 on the field) and belong to the recognition's store
 * (422 AREA_OTHER_STORE). Locks the area row so that it cannot be deleted while the recognition is written.
 */
export async function assertAreaOfStore(tx: DbOrTx, areaId: number, storeId: number, field = 'body.areaId'): Promise<void> {
  const [area] = await tx.select({ storeId: s.areas.storeId }).from(s.areas).where(eq(s.areas.id, areaId)).for('share');
  if (!area) throw new AppError('VALIDATION_FAILED', [{ field, message: 'Unknown area', code: 'custom' }]);
  if (area.storeId !== storeId) throw new AppError('AREA_OTHER_STORE', [{ field, message: 'Unknown area', code: 'custom' }]);
}

export async function createArea(db: DbOrTx, input: AreaCreate & { actorId: number; now: Date }): Promise<Area> {
  await assertStoreExists(db, input.storeId);
  const [row] = await db
    .insert(s.areas)
    .values({
      storeId: input.storeId,
      name: input.name ?? '',
      nameEn: input.nameEn ?? '',
      description: input.description ?? '',
      descriptionEn: input.descriptionEn ?? '',
      createdBy: input.actorId,
      modifiedBy: input.actorId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: s.areas.id });
  return getArea(db, row!.id);
}

/** Replaces the form's fields; a language left out keeps what is stored (docs/architecture.md A6.15). */
export async function updateArea(db: DbOrTx, id: number, input: AreaForm & { actorId: number; now: Date }): Promise<Area> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(s.areas).where(eq(s.areas.id, id)).for('update');
    if (!current) throw notFound();
    const texts = {
      name: input.name ?? current.name,
      nameEn: input.nameEn ?? current.nameEn,
      description: input.description ?? current.description,
      descriptionEn: input.descriptionEn ?? current.descriptionEn,
    };
    assertOneLanguage(texts, ['name', 'description']);
    await tx
      .update(s.areas)
      .set({ ...texts, modifiedBy: input.actorId, updatedAt: input.now })
      .where(eq(s.areas.id, id));
  });
  return getArea(db, id);
}

/** An inactive area's recognitions are no longer offered in the "select an area" step (GET /api/rewards/area/). */
export async function setAreaActive(db: DbOrTx, id: number, active: boolean, actorId: number, now: Date): Promise<Area> {
  const [row] = await db
    .update(s.areas)
    .set({ active, modifiedBy: actorId, updatedAt: now })
    .where(eq(s.areas.id, id))
    .returning({ id: s.areas.id });
  if (!row) throw notFound();
  return getArea(db, id);
}

/**
 * Deletes an area without recognitions. One that still has any (active or not) is refused with 409
 * AREA_NOT_EMPTY rather than leaving its recognitions without an area: every recognition names its
 * area, and moving them is the administrator's decision (as with a category and its products).
 */
export async function deleteArea(db: DbOrTx, id: number): Promise<Area> {
  return db.transaction(async (tx) => {
    // The lock orders this against a recognition being written into the area (assertAreaOfStore shares it).
    const [current] = await tx.select({ id: s.areas.id }).from(s.areas).where(eq(s.areas.id, id)).for('update');
    if (!current) throw notFound();
    const area = await getArea(tx, id);
    if (area.rewardCount > 0) throw new AppError('AREA_NOT_EMPTY', { rewards: area.rewardCount });
    await tx.delete(s.areas).where(eq(s.areas.id, id));
    return area;
  });
}

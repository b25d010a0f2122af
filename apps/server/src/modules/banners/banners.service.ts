import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Banner } from '@rewards/shared/banners';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { assertOneLanguage } from '../../lib/bilingual.ts';
import { assertStoreExists } from '../stores/stores.service.ts';
import { invalidating, type CacheInvalidation } from '../../lib/response-cache.ts';

const columns = {
  id: s.banners.id,
  title: s.banners.title,
  titleEn: s.banners.titleEn,
  picture: s.banners.picture,
  storeId: s.banners.storeId,
  position: s.banners.position,
  active: s.banners.active,
};

export async function listBanners(
  db: DbOrTx,
  q: { storeId: number; page: number; pageSize: number; active?: boolean },
): Promise<ListResponse<Banner>> {
  const conditions: SQL[] = [eq(s.banners.storeId, q.storeId)];
  if (q.active !== undefined) conditions.push(eq(s.banners.active, q.active));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(s.banners)
      .where(where)
      .orderBy(asc(s.banners.position), asc(s.banners.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.banners).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return listResponse(rows, q, totalCount);
}

export async function getBanner(db: DbOrTx, id: number): Promise<Banner> {
  const [row] = await db.select(columns).from(s.banners).where(eq(s.banners.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createBanner(
  db: DbOrTx,
  p: { storeId: number; title?: string; titleEn?: string; position: number; picture: string; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<Banner> {
  await assertStoreExists(db, p.storeId);
  const [row] = await db
    .insert(s.banners)
    .values({
      storeId: p.storeId,
      title: p.title ?? '',
      titleEn: p.titleEn ?? '',
      position: p.position,
      picture: p.picture,
      createdBy: p.actorId,
      modifiedBy: p.actorId,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning(columns);
  cache.invalidate();
  return row!;
}

export async function updateBanner(
  db: DbOrTx,
  id: number,
  p: { title?: string; titleEn?: string; position?: number; picture?: string; active?: boolean; actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<{ banner: Banner; previousPicture: string | null }> {
  const write = db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(s.banners).where(eq(s.banners.id, id)).for('update');
    if (!current) throw notFound();
    // A language left out keeps what is stored; one of the two stays written (docs/architecture.md A6.15).
    const texts = { title: p.title ?? current.title, titleEn: p.titleEn ?? current.titleEn };
    assertOneLanguage(texts, ['title']);
    const [row] = await tx
      .update(s.banners)
      .set({
        ...texts,
        position: p.position ?? current.position,
        picture: p.picture ?? current.picture,
        active: p.active ?? current.active,
        modifiedBy: p.actorId,
        updatedAt: p.now,
      })
      .where(eq(s.banners.id, id))
      .returning(columns);
    return { banner: row!, previousPicture: p.picture ? current.picture : null };
  });
  return invalidating(cache, write);
}

export async function deleteBanner(db: DbOrTx, id: number, cache: CacheInvalidation): Promise<Banner> {
  const [row] = await db.delete(s.banners).where(eq(s.banners.id, id)).returning(columns);
  if (!row) throw notFound();
  cache.invalidate();
  return row;
}

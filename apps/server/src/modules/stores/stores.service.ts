import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { Store, StoreForm, StoreListQuery, StoreUpdate, StoreUsage } from '@rewards/shared/stores';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { timeZoneAt } from '../places/places.service.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { floatArray, intArray, textArray } from '../../lib/sql-arrays.ts';
import type { CacheInvalidation } from '../../lib/response-cache.ts';
import { assertStoreAdmin, type Principal } from '../../plugins/auth.ts';

const sedeTaken = () => new AppError('SEDE_ID_TAKEN', [{ field: 'body.sedeId', message: 'Already used by another store', code: 'taken' }]);

/** One store per corporate site: another store with the same code (trimmed, any case) is SEDE_ID_TAKEN. */
async function assertSedeFree(db: DbOrTx, sedeId: string | null | undefined, storeId?: number) {
  if (!sedeId) return;
  const same = sql`lower(btrim(${s.stores.sedeId})) = lower(btrim(${sedeId}))`;
  const [other] = await db
    .select({ id: s.stores.id })
    .from(s.stores)
    .where(storeId === undefined ? same : and(same, sql`${s.stores.id} <> ${storeId}`))
    .limit(1);
  if (other) throw sedeTaken();
}

/** A write that lost the race for a site code to another store. */
function sedeConflict(err: unknown): never {
  if (pgCode(err) === UNIQUE_VIOLATION) throw sedeTaken();
  throw err;
}

const columns = {
  id: s.stores.id,
  title: s.stores.title,
  location: s.stores.location,
  lat: s.stores.lat,
  long: s.stores.long,
  sedeId: s.stores.sedeId,
  inventoryId: s.stores.inventoryId,
  active: s.stores.active,
};

type StoreRow = Omit<Store, 'timeZone'>;

/** A store as answered: with the IANA time zone of its coordinates, derived offline (decision 0029). */
async function toStore(row: StoreRow): Promise<Store> {
  return { ...row, timeZone: await timeZoneAt(row.lat, row.long) };
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Stores by status (active unless told otherwise), title, address and site code search, paged in SQL, oldest first. */
export async function listStores(db: DbOrTx, q: StoreListQuery): Promise<ListResponse<Store>> {
  const conditions: SQL[] = [];
  if (q.status !== 'all') conditions.push(eq(s.stores.active, q.status === 'active'));
  if (q.search)
    conditions.push(
      or(
        ilike(s.stores.title, escapeLike(q.search)),
        ilike(s.stores.location, escapeLike(q.search)),
        ilike(s.stores.sedeId, escapeLike(q.search)),
      )!,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(s.stores).where(where);
  const data = await db
    .select(columns)
    .from(s.stores)
    .where(where)
    .orderBy(asc(s.stores.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const totalCount = total?.n ?? 0;
  return listResponse(await Promise.all(data.map(toStore)), q, totalCount);
}

export async function getStore(db: DbOrTx, id: number): Promise<Store> {
  const [row] = await db.select(columns).from(s.stores).where(eq(s.stores.id, id));
  if (!row) throw notFound();
  return toStore(row);
}

/** The store a user belongs to (null when they have none); 404 for an unknown user. */
export async function getStoreOfUser(db: DbOrTx, userId: number): Promise<Store | null> {
  const [row] = await db
    .select({ userId: s.users.id, store: columns })
    .from(s.users)
    .leftJoin(s.stores, eq(s.stores.id, s.users.storeId))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  return row.store?.id == null ? null : toStore(row.store as StoreRow);
}

/** Creates a store; the shop's cached reads (the stores list) are invalidated. */
export async function createStore(db: DbOrTx, input: StoreForm & { actorId: number; now: Date }, cache: CacheInvalidation): Promise<Store> {
  await assertSedeFree(db, input.sedeId);
  const [row] = await db
    .insert(s.stores)
    .values({
      title: input.title,
      location: input.location,
      lat: input.lat,
      long: input.long,
      sedeId: input.sedeId,
      inventoryId: input.inventoryId,
      timeZone: await timeZoneAt(input.lat, input.long),
      createdBy: input.actorId,
      modifiedBy: input.actorId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning(columns)
    .catch(sedeConflict);
  cache.invalidate();
  return toStore(row!);
}

/**
 * Changes the fields given (the legacy call sends only some of them). The stored zone follows the
 * coordinates: written with them when both are given, else written after from the stored pair when it is
 * missing or no longer theirs (one coordinate given, a store from before the column).
 */
export async function updateStore(
  db: DbOrTx,
  id: number,
  input: StoreUpdate & { actorId: number; now: Date },
  cache: CacheInvalidation,
): Promise<Store> {
  await assertSedeFree(db, input.sedeId, id);
  const both = input.lat !== undefined && input.long !== undefined;
  const [row] = await db
    .update(s.stores)
    .set({
      title: input.title,
      location: input.location,
      lat: input.lat,
      long: input.long,
      timeZone: both ? await timeZoneAt(input.lat!, input.long!) : undefined,
      sedeId: input.sedeId,
      inventoryId: input.inventoryId,
      active: input.active,
      modifiedBy: input.actorId,
      updatedAt: input.now,
    })
    .where(eq(s.stores.id, id))
    .returning({ ...columns, timeZone: s.stores.timeZone })
    .catch(sedeConflict);
  if (!row) throw notFound();
  const { timeZone, ...store } = row;
  const answered = await toStore(store);
  if (timeZone !== answered.timeZone) await writeTimeZones(db, [answered]);
  cache.invalidate();
  return answered;
}

/**
 * Writes each store's zone, computed from `lat`/`long`, where the store still has those coordinates (a store
 * moved meanwhile keeps the zone its own writer gave it); how many were written.
 */
async function writeTimeZones(db: DbOrTx, zoned: readonly Pick<Store, 'id' | 'lat' | 'long' | 'timeZone'>[]): Promise<number> {
  if (zoned.length === 0) return 0;
  const { rows } = await db.execute<{ id: number }>(sql`
    update stores st set time_zone = z.zone
    from unnest(${intArray(zoned.map((z) => z.id))}::int[], ${floatArray(zoned.map((z) => z.lat))}::float8[],
      ${floatArray(zoned.map((z) => z.long))}::float8[], ${textArray(zoned.map((z) => z.timeZone))}::text[]) as z(id, lat, long, zone)
    where st.id = z.id and st.lat = z.lat and st.long = z.long and st.time_zone is distinct from z.zone
    returning st.id`);
  return rows.length;
}

/**
 * Gives every store without a zone the IANA zone of its coordinates (stores made before the column, or
 * written by anything but this module): how many were filled. The celebrations job calls it before each run
 * (docs/architecture.md A6.17).
 */
export async function fillStoreTimeZones(db: DbOrTx): Promise<number> {
  const missing = await db
    .select({ id: s.stores.id, lat: s.stores.lat, long: s.stores.long })
    .from(s.stores)
    .where(isNull(s.stores.timeZone))
    .orderBy(asc(s.stores.id));
  const zoned = await Promise.all(missing.map(async (st) => ({ ...st, timeZone: await timeZoneAt(st.lat, st.long) })));
  return writeTimeZones(db, zoned);
}

export async function setStoreActive(
  db: DbOrTx,
  id: number,
  active: boolean,
  actorId: number,
  now: Date,
  cache: CacheInvalidation,
): Promise<Store> {
  return updateStore(db, id, { active, actorId, now }, cache);
}

/** How many rows of each kind name the store (one query); all zero means it can be deleted. */
export async function storeUsage(db: DbOrTx, storeId: number): Promise<StoreUsage> {
  const counted = (table: PgTable, column: PgColumn) => sql<number>`(select count(*)::int from ${table} where ${column} = ${storeId})`;
  const [row] = await db
    .select({
      users: counted(s.users, s.users.storeId),
      administrators: counted(s.userAdminStores, s.userAdminStores.storeId),
      products: counted(s.products, s.products.storeId),
      categories: counted(s.categories, s.categories.storeId),
      orders: counted(s.orders, s.orders.storeId),
      other: sql<number>`${counted(s.banners, s.banners.storeId)} + ${counted(s.areas, s.areas.storeId)}
        + ${counted(s.rewards, s.rewards.storeId)} + ${counted(s.challenges, s.challenges.storeId)}
        + ${counted(s.loads, s.loads.storeId)} + ${counted(s.loadEntries, s.loadEntries.receiverStoreId)}
        + ${counted(s.inventoryMovements, s.inventoryMovements.storeId)}`,
    })
    .from(s.stores)
    .where(eq(s.stores.id, storeId));
  const usage = { users: 0, administrators: 0, products: 0, categories: 0, orders: 0, other: 0 };
  if (row) for (const key of Object.keys(usage) as (keyof StoreUsage)[]) usage[key] = Number(row[key]);
  return usage;
}

/** PostgreSQL's foreign key violation: a table this module does not know about still names the store. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
  return e.code === '23503';
}

/**
 * Deletes a store nothing refers to. A store with users (or administrators), products, categories,
 * orders or any other record is refused with 409 STORE_IN_USE and the counts: deactivate it instead.
 */
export async function deleteStore(db: DbOrTx, id: number, cache: CacheInvalidation): Promise<Store> {
  try {
    const store = await db
      .transaction(async (tx) => {
        const [current] = await tx.select(columns).from(s.stores).where(eq(s.stores.id, id)).for('update');
        if (!current) throw notFound();
        const usage = await storeUsage(tx, id);
        if (Object.values(usage).some((v) => v > 0)) throw new AppError('STORE_IN_USE', usage);
        await tx.delete(s.stores).where(eq(s.stores.id, id));
        return current;
      })
      .then(toStore);
    cache.invalidate();
    return store;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('STORE_IN_USE', await storeUsage(db, id));
    throw err;
  }
}

/** The store of signed-out visitors: the first active one. */
export async function defaultStoreId(db: DbOrTx): Promise<number | null> {
  const [first] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.active, true)).orderBy(asc(s.stores.id)).limit(1);
  return first?.id ?? null;
}

/** The default store changes only when stores do: remembered for a short while per database. */
const DEFAULT_STORE_TTL_MS = 30_000;
const remembered = new WeakMap<object, { id: number | null; until: number }>();
/** The read of the default store under way, per database: the requests that need it meanwhile share it. */
const reading = new WeakMap<object, Promise<number | null>>();

function cachedDefaultStoreId(db: DbOrTx): Promise<number | null> {
  const hit = remembered.get(db);
  if (hit && hit.until > Date.now()) return Promise.resolve(hit.id);
  let read = reading.get(db);
  if (!read) {
    read = defaultStoreId(db)
      .then((id) => {
        remembered.set(db, { id, until: Date.now() + DEFAULT_STORE_TTL_MS });
        return id;
      })
      .finally(() => reading.delete(db));
    reading.set(db, read);
  }
  return read;
}

/**
 * The store `shopStoreId` gives a visitor who names none, when it is known without waiting: the user's
 * store, or the default store while it is remembered; undefined when it would have to be read.
 */
export function knownShopStoreId(db: DbOrTx, userStoreId: number | null | undefined): number | null | undefined {
  if (userStoreId != null) return userStoreId;
  const hit = remembered.get(db);
  return hit && hit.until > Date.now() ? hit.id : undefined;
}

/**
 * The store a shopper browses: the one asked for, else the user's store, else the default store
 * (signed out). docs/architecture.md A6.10: search and lists only show products of the user's store.
 */
export async function shopStoreId(db: DbOrTx, userStoreId: number | null | undefined, asked?: number): Promise<number | null> {
  return asked ?? userStoreId ?? (await cachedDefaultStoreId(db));
}

/**
 * A store an administrator's request names in its path: 403 FORBIDDEN_STORE when the caller does not run it,
 * before anything is read; 404 when it does not exist. Answers the caller.
 */
export async function adminOfStore(db: DbOrTx, principal: Principal, storeId: number): Promise<Principal> {
  assertStoreAdmin(principal, storeId);
  await assertStoreFound(db, storeId);
  return principal;
}

/** A store named in the path must exist: 404 otherwise. */
export async function assertStoreFound(db: DbOrTx, storeId: number): Promise<void> {
  const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.id, storeId));
  if (!store) throw notFound();
}

/** A form's store must exist (a super administrator may name any id): 400 on the field otherwise. */
export async function assertStoreExists(db: DbOrTx, storeId: number, field = 'body.storeId'): Promise<void> {
  const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.id, storeId));
  if (!store) throw new AppError('VALIDATION_FAILED', [{ field, message: 'Unknown store', code: 'custom' }]);
}

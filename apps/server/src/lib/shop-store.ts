import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { defaultStoreId } from '../modules/stores/stores.service.ts';

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
 * The store `shopStoreId` gives a request that names none, when it is known without waiting: the user's store,
 * or the default store while it is remembered; undefined when it would have to be read.
 */
export function knownShopStoreId(db: DbOrTx, request: FastifyRequest): number | null | undefined {
  const own = request.principal?.storeId;
  if (own != null) return own;
  const hit = remembered.get(db);
  return hit && hit.until > Date.now() ? hit.id : undefined;
}

/**
 * The store a shopper browses: the one asked for, else the user's store, else the default store
 * (signed out). docs/architecture.md A6.10: search and lists only show products of the user's store.
 */
export async function shopStoreId(db: DbOrTx, request: FastifyRequest, asked?: number): Promise<number | null> {
  return asked ?? request.principal?.storeId ?? (await cachedDefaultStoreId(db));
}

import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { defaultStoreId } from '../modules/stores/stores.service.ts';

/**
 * The store a shopper browses: the one asked for, else the user's store, else the default store
 * (signed out). SPEC.md: search and lists only show products of the user's store.
 */
export async function shopStoreId(db: DbOrTx, request: FastifyRequest, asked?: number): Promise<number | null> {
  return asked ?? request.principal?.storeId ?? (await defaultStoreId(db));
}

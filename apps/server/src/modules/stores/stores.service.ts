import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

const columns = {
  id: s.stores.id,
  title: s.stores.title,
  location: s.stores.location,
  lat: s.stores.lat,
  long: s.stores.long,
  active: s.stores.active,
};

export async function listActiveStores(db: DbOrTx) {
  return db.select(columns).from(s.stores).where(eq(s.stores.active, true)).orderBy(asc(s.stores.id));
}

/** The store of signed-out visitors: the first active one. */
export async function defaultStoreId(db: DbOrTx): Promise<number | null> {
  const [first] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.active, true)).orderBy(asc(s.stores.id)).limit(1);
  return first?.id ?? null;
}

/** A form's store must exist (a super administrator may name any id): 400 on the field otherwise. */
export async function assertStoreExists(db: DbOrTx, storeId: number, field = 'body.storeId'): Promise<void> {
  const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.id, storeId));
  if (!store) throw new AppError('VALIDATION_FAILED', 400, [{ field, message: 'Unknown store', code: 'custom' }]);
}

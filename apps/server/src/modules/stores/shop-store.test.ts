import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freshDatabase } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { knownShopStoreId, shopStoreId } from './stores.service.ts';

// The store of signed-out visitors, read once for all the requests that need it at the same time.
let db: Db;
let raw: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;
let reads = 0;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  raw = fresh.database.db;
  close = fresh.database.close;
  const at = { location: 'Monterrey', lat: 25.67, long: -100.31 };
  await fresh.database.db.insert(s.stores).values([
    { title: 'Norte', active: false, ...at },
    { title: 'Sur', ...at },
  ]);
  // The real database, with its reads counted.
  db = new Proxy(fresh.database.db, {
    get(target, key, receiver) {
      if (key === 'select') reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
});
afterAll(async () => {
  await close();
  await drop();
});

const signedOut = undefined;

describe('the shop store of a visitor', () => {
  it('reads the default store once for the requests that ask for it at the same time, then remembers it', async () => {
    expect(knownShopStoreId(db, signedOut)).toBeUndefined();
    const ids = await Promise.all(Array.from({ length: 20 }, () => shopStoreId(db, signedOut)));
    expect(new Set(ids).size).toBe(1);
    const [sur] = await raw.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.title, 'Sur'));
    expect(ids[0]).toBe(sur!.id); // the first active store
    expect(reads).toBe(1);
    expect(knownShopStoreId(db, signedOut)).toBe(ids[0]);
    expect(await shopStoreId(db, signedOut)).toBe(ids[0]);
    expect(await shopStoreId(db, signedOut, 7)).toBe(7);
    expect(await shopStoreId(db, 5)).toBe(5);
    expect(reads).toBe(1);
  });
});

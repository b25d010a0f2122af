import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';

/**
 * The offices the directory may name (docs/architecture.md A6.18): the active stores, by their name or their
 * site code, case, accents and spacing aside. An office that matches none is an error naming it, never a
 * default store.
 */
export interface Offices {
  byId: Map<number, string>;
  /** The store an office names, or undefined. */
  match(office: string): number | undefined;
}

export const officeKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export async function officesOf(db: DbOrTx): Promise<Offices> {
  const stores = await db
    .select({ id: s.stores.id, title: s.stores.title, code: s.stores.sedeId })
    .from(s.stores)
    .where(eq(s.stores.active, true));
  const byKey = new Map<string, number>();
  // A site code is exact and wins over a name.
  for (const st of stores) if (!byKey.has(officeKey(st.title))) byKey.set(officeKey(st.title), st.id);
  for (const st of stores) if (st.code) byKey.set(officeKey(st.code), st.id);
  return { byId: new Map(stores.map((st) => [st.id, st.title])), match: (office) => byKey.get(officeKey(office)) };
}

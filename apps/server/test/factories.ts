import { eq } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import * as s from '../src/db/schema/index.ts';
import { productSearchText, slugify } from '../src/lib/search-text.ts';
import { createSession } from '../src/modules/auth/auth.service.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { postPoints } from '../src/modules/points/points.service.ts';
import { as, type TestApp } from './harness.ts';
import { setStock } from './invariants.ts';

/**
 * Test data a test builds for itself (tests never depend on another test's leftovers):
 * `const make = factories(t)`, then `await make.shopper({ points: 500 })`, `await make.product({ stock: 3 })`.
 * Points go in through the ledger (`postPoints`) and stock through the stock ledger (`moveStock`), so the
 * invariants checked after every test hold for factory data too. Names are unique per test file.
 */
export function factories(t: TestApp) {
  let seq = 0;
  const next = () => `${process.pid}-${++seq}`;

  /** A user with a live session; `headers` sign requests in as them (cookie and Origin). */
  async function user(
    p: { role?: Role; storeId?: number | null; points?: number; active?: boolean; adminStores?: number[]; isStore?: boolean } = {},
  ) {
    const n = next();
    const [row] = await t.db
      .insert(s.users)
      .values({
        email: `user-${n}@factory.test`,
        name: 'Factory',
        lastName: `User ${n}`,
        role: p.role ?? Role.User,
        storeId: p.storeId === undefined ? 1 : p.storeId,
        active: p.active === false ? 0 : 1,
        isStore: p.isStore ?? false,
      })
      .returning();
    const id = row!.id;
    if (p.adminStores?.length) await t.db.insert(s.userAdminStores).values(p.adminStores.map((storeId) => ({ userId: id, storeId })));
    if (p.points)
      await postPoints(t.db, {
        entries: [{ userId: id, value: p.points }],
        kind: 'adjustment',
        description: 'Factory balance',
        now: t.clock.now(),
      });
    const { token } = await createSession(t.db, { userId: id, now: t.clock.now(), ttlMs: t.config.session.ttlMs });
    return { id, email: row!.email, storeId: row!.storeId, session: token, headers: as(token) };
  }

  async function category(p: { storeId?: number; active?: boolean } = {}) {
    const n = next();
    const [row] = await t.db
      .insert(s.categories)
      .values({
        storeId: p.storeId ?? 1,
        title: `Factory category ${n}`,
        slug: `factory-category-${n}`,
        description: 'Made by a test',
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  /** A product (in a new category of its store unless one is given); its stock goes through the stock ledger. */
  async function product(
    p: { storeId?: number; categoryId?: number; price?: number; stock?: number; active?: boolean; name?: string } = {},
  ) {
    const storeId = p.storeId ?? 1;
    const cat = p.categoryId
      ? (await t.db.select().from(s.categories).where(eq(s.categories.id, p.categoryId)))[0]!
      : await category({ storeId });
    const name = p.name ?? `Factory product ${next()}`;
    const description = 'Made by a test';
    const [row] = await t.db
      .insert(s.products)
      .values({
        storeId,
        categoryId: cat.id,
        name,
        slug: `${slugify(name)}-${next()}`,
        description,
        price: p.price ?? 100,
        active: p.active ?? true,
        searchText: productSearchText(name, cat.title, description),
      })
      .returning();
    if (p.stock) await setStock(t.db, row!.id, p.stock);
    return { ...row!, stock: p.stock ?? 0 };
  }

  return {
    /** A shopper of store 1 (or `storeId`), with `points` credited through the ledger. */
    shopper: (p: { storeId?: number | null; points?: number; active?: boolean } = {}) => user({ ...p, role: Role.User }),
    /** An administrator of the given stores (default store 1). */
    admin: (p: { stores?: number[] } = {}) => user({ role: Role.Admin, storeId: p.stores?.[0] ?? 1, adminStores: p.stores ?? [1] }),
    superAdmin: () => user({ role: Role.SuperAdmin }),
    /** A store account: an administrator of its store flagged isStore (decision 0013), default store 1. */
    storeAccount: (p: { storeId?: number } = {}) =>
      user({ role: Role.Admin, isStore: true, storeId: p.storeId ?? 1, adminStores: [p.storeId ?? 1] }),
    category,
    product,
  };
}

/**
 * Notifications for a test, each written as the services write them (notify: the realtime announcement and
 * the outbox copy come with it); `createdAt` defaults to now. Answers their ids in order.
 */
export async function notifyEach(
  db: DbOrTx,
  rows: {
    userId: number;
    itemType: Parameters<typeof notify>[1]['itemType'];
    description: string;
    url?: string | null;
    createdAt?: Date;
  }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows)
    ids.push(
      ...(await notify(db, {
        to: [r.userId],
        itemType: r.itemType,
        description: r.description,
        url: r.url,
        at: r.createdAt ?? new Date(),
      })),
    );
  return ids;
}

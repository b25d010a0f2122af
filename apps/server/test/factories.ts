import { eq } from 'drizzle-orm';
import { Role, type ActivityKind, type FrequencyPeriod } from '@rewards/shared/enums';
import * as s from '../src/db/schema/index.ts';
import { productSearchText, slugify } from '../src/lib/search-text.ts';
import { createSession } from '../src/modules/auth/auth.service.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { notify } from '../src/modules/notifications/notifications.service.ts';
import { postPoints } from '../src/modules/points/points.service.ts';
import { as, type TestApp } from './harness.ts';
import { setStock } from './invariants.ts';

/** One sequence for the module (with the process id: unique names and e-mails), however many times `factories` is called. */
let seq = 0;
const next = () => `${process.pid}-${++seq}`;

/** What the factories need of a test app: its database, clock and configuration. */
type FactoryApp = Pick<TestApp, 'db' | 'clock' | 'config'>;

/** A user the factories made: `headers` sign requests in as them (cookie and Origin). */
export interface FactoryUser {
  id: number;
  email: string;
  name: string;
  lastName: string | null;
  storeId: number | null;
  session: string;
  headers: ReturnType<typeof as>;
}

export interface UserOptions {
  role?: Role;
  /** The user's store: default store 1 (the first office); null for none. */
  storeId?: number | null;
  /** Opening balance, credited through the ledger. */
  points?: number;
  active?: boolean;
  adminStores?: number[];
  isStore?: boolean;
  name?: string;
  lastName?: string | null;
  /** Default `user-<n>@factory.test`. */
  email?: string;
  /** The corporate employee id (`users.is`). */
  is?: string | null;
  /** Set: the user has signed in before (a first sign-in lands as `new` otherwise). */
  lastSignInAt?: Date;
  /** A profiles row, as a signed-in user has (true: the defaults; an object: those fields). */
  profile?: true | Partial<Omit<typeof s.profiles.$inferInsert, 'userId'>>;
}

/**
 * Test data a test builds for itself (tests never depend on another test's leftovers):
 * `const make = factories(t)`, then `await make.shopper({ points: 500 })`, `await make.product({ stock: 3 })`.
 * Points go in through the ledger (`postPoints`) and stock through the stock ledger (`moveStock`), so the
 * invariants checked after every test hold for factory data too. Names and e-mails are unique per test file.
 */
export function factories(t: FactoryApp) {
  /** A new live session of an existing user (another browser). */
  async function session(userId: number) {
    const { token } = await createSession(t.db, { userId, now: t.clock.now(), ttlMs: t.config.session.ttlMs });
    return { session: token, headers: as(token) };
  }

  /** A user with a live session; `headers` sign requests in as them (cookie and Origin). */
  async function user(p: UserOptions = {}): Promise<FactoryUser> {
    const n = next();
    const [row] = await t.db
      .insert(s.users)
      .values({
        email: p.email ?? `user-${n}@factory.test`,
        name: p.name ?? 'Factory',
        lastName: p.lastName === undefined ? `User ${n}` : p.lastName,
        role: p.role ?? Role.User,
        storeId: p.storeId === undefined ? 1 : p.storeId,
        active: p.active === false ? 0 : 1,
        isStore: p.isStore ?? false,
        is: p.is ?? null,
        firstSignInAt: p.lastSignInAt ?? null,
        lastSignInAt: p.lastSignInAt ?? null,
      })
      .returning();
    const id = row!.id;
    if (p.adminStores?.length) await t.db.insert(s.userAdminStores).values(p.adminStores.map((storeId) => ({ userId: id, storeId })));
    if (p.profile) await t.db.insert(s.profiles).values({ ...(p.profile === true ? {} : p.profile), userId: id });
    if (p.points)
      await postPoints(t.db, {
        entries: [{ userId: id, value: p.points }],
        kind: 'adjustment',
        description: 'Factory balance',
        descriptionKey: 'adjustment',
        descriptionValues: { reason: 'Factory balance' },
        now: t.clock.now(),
      });
    const live = await session(id);
    return { id, email: row!.email, name: row!.name, lastName: row!.lastName, storeId: row!.storeId, ...live };
  }

  /** An office (active unless told), in Mexico City unless told; its title is unique unless given. */
  async function store(
    p: {
      title?: string;
      location?: string;
      lat?: number;
      long?: number;
      sedeId?: string | null;
      inventoryId?: string | null;
      active?: boolean;
    } = {},
  ) {
    const n = next();
    const [row] = await t.db
      .insert(s.stores)
      .values({
        title: p.title ?? `Factory store ${n}`,
        location: p.location ?? `Factory street ${n}`,
        lat: p.lat ?? 19.4326,
        long: p.long ?? -99.1332,
        sedeId: p.sedeId ?? null,
        inventoryId: p.inventoryId ?? null,
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  /** A category of a store (default store 1); `slug` must be unique in its store (the profile categories go by slug). */
  async function category(p: { storeId?: number; active?: boolean; title?: string; titleEn?: string; slug?: string } = {}) {
    const n = next();
    const [row] = await t.db
      .insert(s.categories)
      .values({
        storeId: p.storeId ?? 1,
        title: p.title ?? `Factory category ${n}`,
        titleEn: p.titleEn ?? '',
        slug: p.slug ?? `factory-category-${n}`,
        description: 'Made by a test',
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  /** A product (in a new category of its store unless one is given); its stock goes through the stock ledger. */
  async function product(
    p: {
      storeId?: number;
      categoryId?: number;
      price?: number;
      stock?: number;
      active?: boolean;
      name?: string;
      description?: string;
      /** The English twins (docs/architecture.md A6.15); '' unless given. */
      nameEn?: string;
      descriptionEn?: string;
      featured?: boolean;
    } = {},
  ) {
    const storeId = p.storeId ?? 1;
    const cat = p.categoryId
      ? (await t.db.select().from(s.categories).where(eq(s.categories.id, p.categoryId)))[0]!
      : await category({ storeId });
    const name = p.name ?? `Factory product ${next()}`;
    const description = p.description ?? 'Made by a test';
    const english = { name: p.nameEn ?? '', description: p.descriptionEn ?? '' };
    const [row] = await t.db
      .insert(s.products)
      .values({
        storeId,
        categoryId: cat.id,
        name,
        nameEn: english.name,
        slug: `${slugify(name || english.name)}-${next()}`,
        description,
        descriptionEn: english.description,
        price: p.price ?? 100,
        active: p.active ?? true,
        featured: p.featured ?? false,
        searchText: productSearchText(name, cat.title, description, { ...english, categoryTitle: cat.titleEn }),
      })
      .returning();
    if (p.stock) await setStock(t.db, row!.id, p.stock);
    return { ...row!, stock: p.stock ?? 0 };
  }

  /** An area of a store (default store 1); its English twins '' unless given. */
  async function area(p: { storeId?: number; name?: string; nameEn?: string; descriptionEn?: string; active?: boolean } = {}) {
    const n = next();
    const [row] = await t.db
      .insert(s.areas)
      .values({
        storeId: p.storeId ?? 1,
        name: p.name ?? `Factory area ${n}`,
        nameEn: p.nameEn ?? '',
        description: 'Made by a test',
        descriptionEn: p.descriptionEn ?? '',
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  /**
   * A recognition (`rewards` row) of a store, in a new area of it unless one is given: `points` a time,
   * at most `limit` times a `period` (default 100 points, twice a year); `activityKind` for once per activity.
   */
  async function recognition(
    p: {
      storeId?: number;
      areaId?: number | null;
      points?: number;
      limit?: number;
      period?: FrequencyPeriod;
      activityKind?: ActivityKind;
      name?: string;
      /** The English twins (docs/architecture.md A6.15); '' unless given. */
      nameEn?: string;
      descriptionEn?: string;
      code?: string;
      active?: boolean;
    } = {},
  ) {
    const storeId = p.storeId ?? 1;
    const areaId = p.areaId === undefined ? (await area({ storeId })).id : p.areaId;
    const n = next();
    const period = p.period ?? (p.activityKind ? 'activity' : 'year');
    const [row] = await t.db
      .insert(s.rewards)
      .values({
        storeId,
        areaId,
        code: p.code ?? `factory-${n}`,
        name: p.name ?? `Factory recognition ${n}`,
        nameEn: p.nameEn ?? '',
        description: 'Made by a test',
        descriptionEn: p.descriptionEn ?? '',
        points: p.points ?? 100,
        frequencyLimit: period === 'activity' ? 1 : (p.limit ?? 2),
        frequencyPeriod: period,
        activityKind: p.activityKind ?? (period === 'activity' ? 'activity' : null),
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  /** A banner of a store (default store 1); its picture is a path, not a file. */
  async function banner(p: { storeId?: number; title?: string; titleEn?: string; active?: boolean } = {}) {
    const n = next();
    const [row] = await t.db
      .insert(s.banners)
      .values({
        storeId: p.storeId ?? 1,
        title: p.title ?? `Factory banner ${n}`,
        titleEn: p.titleEn ?? '',
        picture: `/uploads/banners/factory-${n}-1200.webp`,
        active: p.active ?? true,
      })
      .returning();
    return row!;
  }

  return {
    user,
    session,
    /** A shopper of store 1 (or `storeId`), with `points` credited through the ledger. */
    shopper: (p: Omit<UserOptions, 'role' | 'adminStores' | 'isStore'> = {}) => user({ ...p, role: Role.User }),
    /** An administrator of the given stores (default store 1), whose own store is the first of them unless told. */
    admin: (p: Omit<UserOptions, 'role' | 'adminStores'> & { stores?: number[] } = {}) =>
      user({ ...p, role: Role.Admin, storeId: p.storeId === undefined ? (p.stores?.[0] ?? 1) : p.storeId, adminStores: p.stores ?? [1] }),
    superAdmin: (p: Omit<UserOptions, 'role' | 'adminStores' | 'isStore'> = {}) => user({ ...p, role: Role.SuperAdmin }),
    /** A store account: an administrator of its store flagged isStore (decision 0013), default store 1. */
    storeAccount: (p: Omit<UserOptions, 'role' | 'adminStores' | 'isStore' | 'storeId'> & { storeId?: number } = {}) =>
      user({ ...p, role: Role.Admin, isStore: true, storeId: p.storeId ?? 1, adminStores: [p.storeId ?? 1] }),
    store,
    category,
    product,
    area,
    recognition,
    banner,
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

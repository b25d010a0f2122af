import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { HIRE_DATE_MIN, isHireDateInRange, latestHireDate } from '@rewards/shared/celebrations';
import type { ListResponse } from '@rewards/shared/common';
import { Role } from '@rewards/shared/enums';
import type { StoreSource } from '@rewards/shared/profile';
import type {
  BackendUser,
  HeaderCounts,
  SessionUser,
  UserDetail,
  UserListItem,
  UserListQuery,
  UserRoleUpdate,
} from '@rewards/shared/users';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { CalendarRules } from '../../lib/calendar.ts';
import { canAdminStore, type Principal } from '../../plugins/auth.ts';
import { revokeUserSessions } from '../auth/auth.service.ts';
import { adjustUserPoints } from '../points/points.service.ts';
import { pgCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';

/** What the identity provider told us about the person signing in (POST /api/users/auth payload). */
export interface SignInIdentity {
  email: string;
  name: string;
  lastName: string | null;
  ipaddr: string | null;
  officeLocation: string | null;
  position: { lat: number; long: number } | null;
}

export type SignInResult = { status: 'inactive'; userId: number } | { status: 'active'; userId: number; isNew: boolean };

/** Great-circle distance, enough to choose the nearest office. */
function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/**
 * Store of a new user: the office named by the directory, else the nearest to the browser, else the
 * first, with how it was found (profiles.store_source: only a `default` one yields to the nearest store
 * later, docs/decisions/0007-profile-and-mail.md).
 */
export async function chooseStoreWithSource(
  db: DbOrTx,
  identity: Pick<SignInIdentity, 'officeLocation' | 'position'>,
): Promise<{ storeId: number; source: StoreSource } | null> {
  const stores = await db.select().from(s.stores).where(eq(s.stores.active, true)).orderBy(asc(s.stores.id));
  if (stores.length === 0) return null;
  const office = identity.officeLocation?.trim().toLowerCase();
  if (office) {
    const named = stores.find((st) => st.title.toLowerCase().includes(office) || st.sedeId?.toLowerCase() === office);
    if (named) return { storeId: named.id, source: 'office' };
  }
  if (identity.position) {
    const position = identity.position;
    return {
      storeId: stores.reduce((best, st) => (distanceKm(st, position) < distanceKm(best, position) ? st : best)).id,
      source: 'nearest',
    };
  }
  return { storeId: stores[0]!.id, source: 'default' };
}

/** Store of a new user (see chooseStoreWithSource). */
export async function chooseStore(db: DbOrTx, identity: Pick<SignInIdentity, 'officeLocation' | 'position'>) {
  return (await chooseStoreWithSource(db, identity))?.storeId ?? null;
}

/**
 * `POST /api/users/auth` semantics: the user is created on first sign-in (`new`), fetched otherwise;
 * an inactive user is refused.
 */
export async function signInUser(db: DbOrTx, identity: SignInIdentity, now: Date): Promise<SignInResult> {
  const email = identity.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(s.users)
      .where(sql`lower(${s.users.email}) = ${email}`)
      .for('update');
    if (existing) {
      if (existing.active !== 1) return { status: 'inactive', userId: existing.id };
      await tx
        .update(s.users)
        .set({ lastSignInAt: now, firstSignInAt: existing.firstSignInAt ?? now, lastIp: identity.ipaddr, updatedAt: now })
        .where(eq(s.users.id, existing.id));
      return { status: 'active', userId: existing.id, isNew: existing.firstSignInAt === null };
    }
    const chosen = await chooseStoreWithSource(tx, identity);
    const storeId = chosen?.storeId ?? null;
    const [created] = await tx
      .insert(s.users)
      .values({
        email,
        name: identity.name || email.split('@')[0]!,
        lastName: identity.lastName,
        storeId,
        role: Role.User,
        officeLocation: identity.officeLocation,
        lastIp: identity.ipaddr,
        firstSignInAt: now,
        lastSignInAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Someone else created this user a moment ago: sign in as them.
      const [raced] = await tx
        .select()
        .from(s.users)
        .where(sql`lower(${s.users.email}) = ${email}`);
      return raced!.active === 1 ? { status: 'active', userId: raced!.id, isNew: false } : { status: 'inactive', userId: raced!.id };
    }
    await tx
      .insert(s.profiles)
      .values({ userId: created.id, storeSource: chosen?.source ?? null })
      .onConflictDoNothing();
    return { status: 'active', userId: created.id, isNew: true };
  });
}

export async function getSessionUser(db: DbOrTx, userId: number): Promise<SessionUser> {
  const [row] = await db
    .select({ user: s.users, storeName: s.stores.title, timeZone: s.profiles.timeZone })
    .from(s.users)
    .leftJoin(s.stores, eq(s.stores.id, s.users.storeId))
    .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  const admin = await db
    .select({ storeId: s.userAdminStores.storeId })
    .from(s.userAdminStores)
    .where(eq(s.userAdminStores.userId, userId))
    .orderBy(asc(s.userAdminStores.storeId));
  const u = row.user;
  return {
    id: u.id,
    name: u.name,
    lastName: u.lastName,
    email: u.email,
    storeId: u.storeId,
    storeName: row.storeName,
    points: u.points,
    is: u.is,
    contact: u.contact,
    livesAtSameGDCLocation: u.livesAtSameGdcLocation,
    role: u.role as SessionUser['role'],
    permissions: [],
    // The stored work photo; null shows initials (docs/decisions/0030-teams-channel.md).
    profilePictureUrl: u.profilePictureUrl,
    isStore: u.isStore,
    adminStores: admin.map((a) => a.storeId),
    active: u.active,
    timeZone: row.timeZone ?? null,
  };
}

/** Badges of the shop header: cart lines, wishlist items, unseen notifications. */
export async function getHeaderCounts(db: DbOrTx, userId: number): Promise<HeaderCounts> {
  const [cart] = await db.select({ n: count() }).from(s.cartItems).where(eq(s.cartItems.userId, userId));
  const [wishlist] = await db.select({ n: count() }).from(s.wishlistItems).where(eq(s.wishlistItems.userId, userId));
  const [notifications] = await db
    .select({ n: count() })
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.active, 1)));
  return { cart: cart?.n ?? 0, wishlist: wishlist?.n ?? 0, notifications: notifications?.n ?? 0 };
}

/** `GET /api/users/store`: whether the user is a store account (of the given store, when named). */
export async function isStoreAccount(db: DbOrTx, userId: number, storeId?: number): Promise<boolean> {
  const [u] = await db.select({ isStore: s.users.isStore, storeId: s.users.storeId }).from(s.users).where(eq(s.users.id, userId));
  return !!u?.isStore && (storeId === undefined || u.storeId === storeId);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [u] = await db
    .select()
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${email.trim().toLowerCase()}`);
  return u;
}

/** The columns of a user row as administrators see it. */
const userRowColumns = {
  id: s.users.id,
  name: s.users.name,
  lastName: s.users.lastName,
  email: s.users.email,
  storeId: s.users.storeId,
  points: s.users.points,
  role: s.users.role,
  isStore: s.users.isStore,
  active: s.users.active,
  is: s.users.is,
  adminStores: sql<
    number[]
  >`coalesce((select array_agg(${s.userAdminStores.storeId} order by ${s.userAdminStores.storeId}) from ${s.userAdminStores} where ${s.userAdminStores.userId} = ${s.users.id}), '{}')`,
};

type UserRow = { role: number; adminStores: number[] } & Omit<UserListItem, 'role' | 'adminStores'>;
const toUserListItem = <R extends UserRow>(r: R) => ({
  ...r,
  role: r.role as UserListItem['role'],
  adminStores: r.adminStores.map(Number),
});

/**
 * Users of the given stores (all stores when `storeIds` is null), newest first, filtered by store,
 * role, active and a search on name and e-mail; paged in SQL.
 */
export async function listUsers(db: DbOrTx, query: UserListQuery, storeIds: number[] | null): Promise<ListResponse<UserListItem>> {
  const conditions: SQL[] = [];
  if (storeIds) conditions.push(storeIds.length ? inArray(s.users.storeId, storeIds) : sql`false`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(s.users.email, like), ilike(s.users.name, like), ilike(s.users.lastName, like), ilike(s.users.is, like))!);
  }
  if (query.role !== undefined) conditions.push(eq(s.users.role, query.role));
  if (query.active !== undefined) conditions.push(eq(s.users.active, query.active ? 1 : 0));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(s.users).where(where);
  const rows = await db
    .select(userRowColumns)
    .from(s.users)
    .where(where)
    .orderBy(desc(s.users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totalCount = total?.n ?? 0;
  return {
    data: rows.map(toUserListItem),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

/** The stores whose users a principal manages: null for all (super administrators), else their adminStores. */
export function managedStores(principal: Principal): number[] | null {
  return principal.role === Role.SuperAdmin ? null : principal.adminStores;
}

/** Who a user is, for access decisions: 404 when there is no such user. */
export async function findUserScope(db: DbOrTx, userId: number): Promise<{ id: number; role: number; storeId: number | null }> {
  const [row] = await db
    .select({ id: s.users.id, role: s.users.role, storeId: s.users.storeId })
    .from(s.users)
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  return row;
}

/**
 * An administrator reaches only the users of the stores they run (FORBIDDEN_STORE otherwise); a user
 * with no store, only a super administrator.
 */
export function assertUserInScope(actor: Principal, target: { storeId: number | null }): void {
  const allowed = target.storeId === null ? actor.role === Role.SuperAdmin : canAdminStore(actor, target.storeId);
  if (!allowed) throw new AppError('FORBIDDEN_STORE', { storeId: target.storeId });
}

/** `GET /api/users/one/{id}`: one user with their store's name. */
export async function getUserDetail(db: DbOrTx, userId: number): Promise<UserDetail> {
  const [row] = await db
    .select({
      ...userRowColumns,
      storeName: s.stores.title,
      contact: s.users.contact,
      createdAt: s.users.createdAt,
      lastSignInAt: s.users.lastSignInAt,
      birthday: s.users.birthday,
      hireDate: s.users.hireDate,
    })
    .from(s.users)
    .leftJoin(s.stores, eq(s.stores.id, s.users.storeId))
    .where(eq(s.users.id, userId));
  if (!row) throw notFound();
  return { ...toUserListItem(row), createdAt: row.createdAt.toISOString(), lastSignInAt: row.lastSignInAt?.toISOString() ?? null };
}

/** A hire date out of its range on `today` (HIRE_DATE_OUT_OF_RANGE names the range). */
export function assertHireDateInRange(hireDate: string | null | undefined, today: string): void {
  if (hireDate && !isHireDateInRange(hireDate, today))
    throw new AppError('HIRE_DATE_OUT_OF_RANGE', { min: HIRE_DATE_MIN, max: latestHireDate(today) });
}

/**
 * `PUT /api/users/{id}` with dates (docs/architecture.md A6.17): an administrator of the person's store (a
 * super administrator: anyone; FORBIDDEN_STORE otherwise) sets their birthday ('MM-DD', never a year) and
 * hire date (at most a year after `today`, HIRE_DATE_OUT_OF_RANGE); undefined leaves one as it is, null
 * clears it. `afterDatesChanged` runs once the change is committed (the day's celebrations, same-day
 * catch-up). Answers whether anything was written.
 */
export async function setUserDates(
  db: DbOrTx,
  p: {
    actor: Principal;
    userId: number;
    birthday?: string | null;
    hireDate?: string | null;
    now: Date;
    today: string;
    afterDatesChanged?: (userIds: number[]) => Promise<void>;
  },
): Promise<boolean> {
  if (p.birthday === undefined && p.hireDate === undefined) return false;
  assertHireDateInRange(p.hireDate, p.today);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: s.users.id, storeId: s.users.storeId })
      .from(s.users)
      .where(eq(s.users.id, p.userId))
      .for('update');
    if (!target) throw notFound();
    assertUserInScope(p.actor, target);
    await tx
      .update(s.users)
      .set({
        ...(p.birthday !== undefined ? { birthday: p.birthday } : {}),
        ...(p.hireDate !== undefined ? { hireDate: p.hireDate } : {}),
        modifiedBy: p.actor.id,
        updatedAt: p.now,
      })
      .where(eq(s.users.id, target.id));
  });
  await p.afterDatesChanged?.([p.userId]);
  return true;
}

/**
 * `PUT /api/users/activate|deactivate/{id}`. Nobody deactivates themselves (CANNOT_DEACTIVATE_SELF);
 * an administrator acts only on users of their stores (FORBIDDEN_STORE) and only on shoppers: the
 * accounts of administrators and super administrators are a super administrator's (ADMIN_USERS_SUPER_ONLY),
 * so two administrators cannot lock each other out. Deactivation ends the user's sessions at once (their
 * next request answers 401 USER_INACTIVE); their API tokens answer USER_INACTIVE while they stay inactive.
 */
export async function setUserActive(db: DbOrTx, p: { actor: Principal; userId: number; active: boolean; now: Date }): Promise<UserDetail> {
  const { actor } = p;
  if (!p.active && p.userId === actor.id) throw new AppError('CANNOT_DEACTIVATE_SELF');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: s.users.id, role: s.users.role, storeId: s.users.storeId })
      .from(s.users)
      .where(eq(s.users.id, p.userId))
      .for('update');
    if (!target) throw notFound();
    assertUserInScope(actor, target);
    if (target.role !== Role.User && actor.role !== Role.SuperAdmin) throw new AppError('ADMIN_USERS_SUPER_ONLY', { userId: target.id });
    await writeUsersActive(tx, { userIds: [target.id], active: p.active, actorId: actor.id, now: p.now });
  });
  return getUserDetail(db, p.userId);
}

/**
 * The one way people are activated and deactivated, by an administrator or by the company directory
 * (docs/architecture.md A6.18): a deactivation ends their sessions at once, their API tokens answer
 * USER_INACTIVE, and the users row's trigger announces it so every instance closes their sockets
 * (plugins/realtime.ts). Inside the caller's transaction.
 */
export async function writeUsersActive(
  tx: DbOrTx,
  p: { userIds: number[]; active: boolean; actorId: number | null; now: Date },
): Promise<void> {
  if (p.userIds.length === 0) return;
  await tx
    .update(s.users)
    .set({ active: p.active ? 1 : 0, modifiedBy: p.actorId, updatedAt: p.now })
    .where(inArray(s.users.id, p.userIds));
  if (!p.active) await revokeUserSessions(tx, p.userIds, p.now);
}

/** Sets a user's role and administered stores (super administrators only; checked by the route). */
export async function setUserRole(db: DbOrTx, params: { userId: number; actorId: number | null; update: UserRoleUpdate; now: Date }) {
  const { userId, update } = params;
  if (update.id !== undefined && update.id !== userId) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.id', message: 'Must be the id in the path', code: 'custom' }]);
  }
  if (update.role === Role.User && update.adminStores.length) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'body.adminStores', message: 'Only administrators administer stores', code: 'custom' },
    ]);
  }
  if (params.actorId !== null && userId === params.actorId && update.role !== Role.SuperAdmin) {
    throw new AppError('BUSINESS_RULE', { reason: 'A super administrator cannot demote themselves' });
  }
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for('update');
    if (!user) throw notFound();
    if (update.adminStores.length) {
      const found = await tx.select({ id: s.stores.id }).from(s.stores).where(inArray(s.stores.id, update.adminStores));
      const missing = update.adminStores.filter((id) => !found.some((f) => f.id === id));
      if (missing.length) throw new AppError('BUSINESS_RULE', { unknownStores: missing });
    }
    await tx.update(s.users).set({ role: update.role, modifiedBy: params.actorId, updatedAt: params.now }).where(eq(s.users.id, userId));
    await tx.delete(s.userAdminStores).where(eq(s.userAdminStores.userId, userId));
    const stores = update.role === Role.User ? [] : [...new Set(update.adminStores)];
    if (stores.length) await tx.insert(s.userAdminStores).values(stores.map((storeId) => ({ userId, storeId })));
  });
}

/**
 * An administrator's load (positive) or adjustment (negative) of a user's points, the legacy
 * `POST /api/users/points`, with who may write whose points:
 * - nobody writes their own points (FORBIDDEN), super administrators included;
 * - an administrator writes only the points of users of a store they run (FORBIDDEN_STORE); a user
 *   with no store, only a super administrator;
 * - only a super administrator writes the points of an administrator or a super administrator
 *   (ADMIN_POINTS_SUPER_ONLY), so two administrators cannot credit each other;
 * - an adjustment never takes a balance below 0: ADJUSTMENT_BELOW_ZERO names the person and their balance.
 * The user's row is locked while the rule is checked, so a role change cannot slip in between; the
 * ledger entry keeps its author (`created_by`). Returns the new balance.
 */
export async function adminAdjustPoints(
  db: DbOrTx,
  p: { actor: Principal; userId: number; value: number; description: string; now: Date; calendar: CalendarRules },
): Promise<number> {
  const { actor } = p;
  if (p.userId === actor.id) throw new AppError('FORBIDDEN');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        id: s.users.id,
        role: s.users.role,
        storeId: s.users.storeId,
        name: s.users.name,
        lastName: s.users.lastName,
        email: s.users.email,
      })
      .from(s.users)
      .where(eq(s.users.id, p.userId))
      .for('update');
    if (!target) throw notFound();
    if (target.storeId === null ? actor.role !== Role.SuperAdmin : !canAdminStore(actor, target.storeId))
      throw new AppError('FORBIDDEN_STORE', { storeId: target.storeId });
    if (target.role !== Role.User && actor.role !== Role.SuperAdmin) throw new AppError('ADMIN_POINTS_SUPER_ONLY', { userId: target.id });
    return adjustUserPoints(tx, {
      userId: target.id,
      value: p.value,
      description: p.description,
      actorId: actor.id,
      now: p.now,
      calendar: p.calendar,
    }).catch((err: unknown) => {
      // The ledger's refusal is worded for a buyer; the administrator is told whose balance and how much it holds.
      if (err instanceof AppError && err.code === 'NOT_ENOUGH_POINTS') {
        const { balance } = err.details as { balance: number };
        const name = [target.name, target.lastName].filter(Boolean).join(' ') || target.email;
        throw new AppError('ADJUSTMENT_BELOW_ZERO', { userId: target.id, name, balance, value: p.value });
      }
      throw err;
    });
  });
}

/**
 * `POST /api/users/auth` for a signed-in caller: their backend user record as the original brief words it
 * (`active`, `new`, ...; docs/architecture.md P7). The user was created or fetched by the sign-in callback (`signInUser`) from the
 * identity provider's claims; the payload's e-mail must be the caller's own (FORBIDDEN otherwise) and its
 * other fields are not trusted over those claims. `new`: signed in once so far (the first sign-in set both
 * times to the same instant).
 */
export async function backendUserFor(db: DbOrTx, userId: number, email: string): Promise<BackendUser> {
  const [u] = await db.select().from(s.users).where(eq(s.users.id, userId));
  if (!u) throw notFound();
  if (u.email.trim().toLowerCase() !== email.trim().toLowerCase()) throw new AppError('FORBIDDEN');
  const first = u.firstSignInAt?.getTime() ?? null;
  const last = u.lastSignInAt?.getTime() ?? null;
  return {
    id: u.id,
    active: u.active,
    name: u.name,
    email: u.email,
    storeId: u.storeId,
    points: u.points,
    is: u.is,
    role: u.role as BackendUser['role'],
    contact: u.contact,
    livesAtSameGDCLocation: u.livesAtSameGdcLocation,
    new: first === last,
  };
}

const isTaken = () => new AppError('IS_TAKEN', [{ field: 'body.is', message: 'Already used by another user', code: 'taken' }]);

/**
 * `PUT /api/users/is/{id}`: an administrator of the user's store (FORBIDDEN_STORE otherwise) corrects the
 * user's IS, the employee id the inactive-user message asks to verify. Unique among users, trimmed and in
 * any case (IS_TAKEN, also when a concurrent write wins the unique index); null clears it.
 */
export async function setUserIs(db: DbOrTx, params: { actor: Principal; userId: number; is: string | null; now: Date }) {
  const target = await findUserScope(db, params.userId);
  assertUserInScope(params.actor, target);
  if (params.is) {
    const [other] = await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(and(sql`lower(btrim(${s.users.is})) = lower(btrim(${params.is}))`, sql`${s.users.id} <> ${params.userId}`))
      .limit(1);
    if (other) throw isTaken();
  }
  try {
    await db.update(s.users).set({ is: params.is, updatedAt: params.now }).where(eq(s.users.id, params.userId));
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw isTaken();
    throw err;
  }
  return getUserDetail(db, params.userId);
}

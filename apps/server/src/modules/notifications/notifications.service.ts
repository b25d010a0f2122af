import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Notification, NotificationList } from '@rewards/shared/notifications';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { intArray, textArray } from '../../lib/sql-arrays.ts';

const columns = {
  id: s.notifications.id,
  userId: s.notifications.userId,
  itemType: s.notifications.itemType,
  description: s.notifications.description,
  url: s.notifications.url,
  active: s.notifications.active,
  seenAt: s.notifications.seenAt,
  createdAt: s.notifications.createdAt,
};
type Row = Pick<typeof s.notifications.$inferSelect, keyof typeof columns>;

function toDto(r: Row): Notification {
  return {
    id: r.id,
    userId: r.userId,
    itemType: r.itemType,
    description: r.description,
    url: r.url,
    active: r.active,
    seen: r.active !== 1,
    seenAt: r.seenAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

async function activeCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.active, 1)));
  return row?.n ?? 0;
}

/** The user's notifications, newest first, paged in SQL, with the count of active ones. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  q: { page: number; pageSize: number; active?: boolean },
): Promise<NotificationList> {
  const where = and(eq(s.notifications.userId, userId), q.active === undefined ? undefined : eq(s.notifications.active, q.active ? 1 : 0));
  const [rows, [total], active] = await Promise.all([
    db
      .select(columns)
      .from(s.notifications)
      .where(where)
      .orderBy(desc(s.notifications.createdAt), desc(s.notifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.notifications).where(where),
    activeCount(db, userId),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    data: rows.map(toDto),
    page: q.page,
    pageSize: q.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / q.pageSize),
    activeCount: active,
  };
}

/**
 * Marks one of the user's notifications as seen ('Notification was successfully opened'). Idempotent: a
 * notification already seen keeps its first `seenAt`. Another user's notification is 404, like a missing one.
 */
export async function markNotificationViewed(db: DbOrTx, p: { userId: number; id: number; now: Date }): Promise<Notification> {
  const own = and(eq(s.notifications.id, p.id), eq(s.notifications.userId, p.userId));
  const [updated] = await db
    .update(s.notifications)
    .set({ active: 0, seenAt: p.now })
    .where(and(own, eq(s.notifications.active, 1)))
    .returning(columns);
  if (updated) return toDto(updated);
  const [row] = await db.select(columns).from(s.notifications).where(own);
  if (!row) throw notFound();
  return toDto(row);
}

/** Marks every active notification of the user as seen; answers how many changed. */
export async function markAllNotificationsViewed(
  db: DbOrTx,
  p: { userId: number; now: Date },
): Promise<{ updated: number; activeCount: number }> {
  const rows = await db
    .update(s.notifications)
    .set({ active: 0, seenAt: p.now })
    .where(and(eq(s.notifications.userId, p.userId), eq(s.notifications.active, 1)))
    .returning({ id: s.notifications.id });
  return { updated: rows.length, activeCount: 0 };
}

/** The distinct receivers of the notifications with ids in [min, max] (the realtime listener's read). */
export async function notificationReceivers(db: DbOrTx, min: number, max: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: s.notifications.userId })
    .from(s.notifications)
    .where(sql`${s.notifications.id} between ${min} and ${max}`);
  return rows.map((r) => r.userId);
}

/** Who a notification is for: these users, or every active user of a store. */
export type Audience = readonly number[] | { activeUsersOfStore: number };

/**
 * The one way to tell someone something (docs/architecture.md A6.11): `rs_notify` writes the rows (and with
 * them, through the table's triggers, the realtime announcement and the copy by each receiver's preferred
 * channel), inside the caller's transaction. One description and url for all, or one per receiver in the
 * audience's order. Answers the new notifications' ids.
 */
export async function notify(
  tx: DbOrTx,
  n: {
    to: Audience;
    itemType: Notification['itemType'];
    description: string | readonly string[];
    url?: string | null | readonly string[];
    at: Date;
  },
): Promise<number[]> {
  const users =
    'activeUsersOfStore' in n.to
      ? sql`array(select u.id from users u where u.store_id = ${n.to.activeUsersOfStore} and u.active = 1 order by u.id)`
      : sql`${intArray(n.to)}::int[]`;
  const descriptions = typeof n.description === 'string' ? [n.description] : n.description;
  const urls = n.url === undefined || n.url === null ? null : typeof n.url === 'string' ? [n.url] : n.url;
  const { rows } = await tx.execute<{ ids: number[] | string | null }>(
    sql`select rs_notify(${users}, ${n.itemType}::text, ${textArray(descriptions)}::text[], ${urls ? textArray(urls) : null}::text[], ${n.at.toISOString()}::timestamptz) as ids`,
  );
  return parseIntArray(rows[0]?.ids ?? null);
}

/** An int[] as the drivers give it: an array (pg, PGlite) or its text form. */
function parseIntArray(v: number[] | string | null): number[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

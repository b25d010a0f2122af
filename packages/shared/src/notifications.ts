import { z } from 'zod';
import { boolish, idSchema, itemEnvelope, listEnvelope, paginationSchema } from './common.ts';
import { notificationItemTypes, type NotificationItemType } from './enums.ts';

/** `GET /api/notifications/`: the session user's notifications, newest first; `active` narrows to unseen (true) or seen (false). */
export const notificationListQuerySchema = paginationSchema.extend({ active: boolish.optional() }).strict();
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  itemType: z.enum(notificationItemTypes),
  /** What the writer stored (system texts in English, an administrator's reason as typed); see `describeNotification`. */
  description: z.string(),
  url: z.string().nullable(),
  /** 1 until seen (docs/architecture.md P9). */
  active: z.number().int(),
  seen: z.boolean(),
  seenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The house list envelope plus the count of the user's active (unseen) notifications, whatever the filter. */
export const notificationListSchema = listEnvelope(notificationSchema).extend({ activeCount: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationViewedSchema = itemEnvelope(notificationSchema);
export const notificationsViewedAllSchema = itemEnvelope(z.object({ updated: z.number().int(), activeCount: z.number().int() }));

export const notificationIdParamsSchema = z.object({ id: idSchema }).strict();

/** The Socket.IO event of docs/architecture.md P4, pushed to the room `user:{id}` when a notification is created. */
export const SYSTEM_NOTIFICATION_EVENT = 'systemNotification';
export interface SystemNotificationPayload {
  userId: number;
}

/**
 * How a notification reads, as a text key and its values, so each client words it in its own language.
 * System texts are recognised from what the database stores today ('Order #12' from rs_place_order,
 * 'Order #12: status 3' from order moves, 'Points expired (2026)' from the expiry job); anything else
 * (an administrator's reason, a load's recognition and reason) is shown as written, with its type.
 */
export type NotificationText =
  | { key: 'orderPlaced'; values: { id: number } }
  | { key: 'orderStatus'; values: { id: number; status: number } }
  | { key: 'pointsExpired'; values: { year: string } }
  | { key: `${NotificationItemType}Generic`; values: { text: string } };

export function describeNotification(n: Pick<Notification, 'itemType' | 'description'>): NotificationText {
  const d = n.description;
  if (n.itemType === 'orders') {
    const m = /^Order #(\d+)$/.exec(d);
    if (m) return { key: 'orderPlaced', values: { id: Number(m[1]) } };
  }
  if (n.itemType === 'ordersUpdate') {
    const m = /^Order #(\d+): status (\d)$/.exec(d);
    if (m) return { key: 'orderStatus', values: { id: Number(m[1]), status: Number(m[2]) } };
  }
  if (n.itemType === 'points') {
    const m = /^Points expired \((\d{4})\)$/.exec(d);
    if (m) return { key: 'pointsExpired', values: { year: m[1]! } };
  }
  return { key: `${n.itemType}Generic`, values: { text: d } };
}

/** Where an entry leads, by item type (docs/architecture.md P2, mapped to the app's own routes). */
export function notificationLink(n: Pick<Notification, 'itemType' | 'url'>): string {
  switch (n.itemType) {
    case 'orders':
    case 'ordersUpdate':
      return '/myOrders';
    case 'points':
      return '/account';
    case 'challenge':
      return '/challenge';
    case 'products':
      // A product notification may name its page; otherwise the shop.
      return n.url && n.url.startsWith('/product') ? n.url : '/';
  }
}

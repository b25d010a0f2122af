// No zod here: the shop's first paint reads these (docs/decisions/0027-light-first-paint.md).
import type { NotificationItemType } from './enums.ts';
import type { Notification } from './notifications.ts';

/**
 * How a notification reads, as a text key and its values, so each client words it in its own language.
 * System texts are recognised from what the database stores today ('Order #12' from rs_place_order,
 * 'Order #12: status 3' from order moves, 'Order #12: edited' from an administrator's edit, 'Points expired
 * (2026)' from the expiry job); anything else
 * (an administrator's reason, a load's recognition and reason) is shown as written, with its type.
 */
export type NotificationText =
  | { key: 'orderPlaced'; values: { id: number } }
  | { key: 'orderStatus'; values: { id: number; status: number } }
  | { key: 'orderEdited'; values: { id: number } }
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
    const edited = /^Order #(\d+): edited$/.exec(d);
    if (edited) return { key: 'orderEdited', values: { id: Number(edited[1]) } };
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

/** Business constants of docs/architecture.md P9. */
import type { FeedEventKind } from './peer-rules.ts';
export const REQUEST_TIMEOUT_MS = 30_000;
export const ALERT_MS = 4_000;
export const TOAST_MS = 6_000;
export const FIRST_LOGIN_REDIRECT_MS = 1_000;
/** The realtime socket's reconnection (delay 1000 to 5000 ms, randomization 0.5) and connection time-out. */
export const SOCKET_OPTIONS = { reconnectionDelay: 1_000, reconnectionDelayMax: 5_000, randomizationFactor: 0.5, timeout: 20_000 } as const;
/** The Socket.IO event of docs/architecture.md P4, pushed to the room `user:{id}` when a notification is created. */
export const SYSTEM_NOTIFICATION_EVENT = 'systemNotification';
export interface SystemNotificationPayload {
  userId: number;
}
/**
 * The Socket.IO event of the peer recognition feed (docs/architecture.md A6.16): a recognition was given or
 * got a comment, an add-on or a reaction. Public items go to every signed-in socket (room `feed`), private
 * ones only to their giver's and recipients' sockets and to the administrators of their stores; a celebration
 * was posted (docs/architecture.md A6.17).
 */
export const FEED_EVENT = 'feed';
export interface FeedEventPayload {
  kind: FeedEventKind;
  recognitionId: number;
}
export const CART_MAX_QUANTITY = 5;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536, '3xl': 1920 } as const;
/** Field bounds shared by forms and the API (docs/architecture.md P5). */
export const bounds = {
  name: { min: 2, max: 120 },
  description: { min: 10, max: 2000 },
} as const;

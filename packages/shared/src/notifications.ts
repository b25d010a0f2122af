import { z } from 'zod';
import { boolish, itemEnvelope, listEnvelope, paginationSchema, queryId } from './common.ts';
import { notificationItemTypes } from './enums.ts';

/** `GET /api/notifications/`: the session user's notifications, newest first; `active` narrows to unseen (true) or seen (false). */
export const notificationListQuerySchema = paginationSchema.extend({ active: boolish.optional() }).strict();
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  itemType: z.enum(notificationItemTypes),
  /**
   * What the writer stored (system texts in English, an administrator's reason as typed, content written in
   * both languages as `{"es": ..., "en": ...}`); see `describeNotification`, which words it in the reader's language.
   */
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

export const notificationIdParamsSchema = z.object({ id: queryId }).strict();

// Plain values and functions live in zod-free modules (the shop's pages import them without the schemas);
// they are re-exported here for code that reads them with the schemas.
export { SYSTEM_NOTIFICATION_EVENT, type SystemNotificationPayload } from './constants.ts';
export { bilingualDescription, describeNotification, notificationLink, type NotificationText } from './notification-text.ts';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationsViewedAllSchema,
  notificationViewedSchema,
} from '@rewards/shared/notifications';
import { requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { listNotifications, markAllNotificationsViewed, markNotificationViewed } from './notifications.service.ts';

/** The session user's notifications (docs/architecture.md P7); new ones are pushed as `systemNotification` (plugins/realtime.ts). */
export async function notificationsRoutes(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { db, clock } = opts.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with the count of active (unseen) ones; active=true|false narrows the list',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(db, requireUser(request).id, request.query),
  );

  r.put(
    '/viewed/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "Mark one of your notifications as seen ('Notification was successfully opened'); repeating it changes nothing",
        params: notificationIdParamsSchema,
        response: { 200: notificationViewedSchema },
      },
    },
    async (request) => ({
      data: await markNotificationViewed(db, { userId: requireUser(request).id, id: request.params.id, now: clock.now() }),
    }),
  );

  r.put(
    '/viewed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications as seen',
        response: { 200: notificationsViewedAllSchema },
      },
    },
    async (request) => ({ data: await markAllNotificationsViewed(db, { userId: requireUser(request).id, now: clock.now() }) }),
  );
}

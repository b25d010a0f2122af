import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList, NotificationListQuery } from '@rewards/shared/notifications';
import { LATEST_NOTIFICATIONS_PAGE_SIZE } from '@rewards/shared/pages';
import { api } from '@/lib/api';

export const notificationsKey = ['notifications'] as const;

/** How many of the latest the home page's block shows. */
export const HOME_NOTIFICATIONS_SHOWN = 3;

/** `GET /api/notifications/`: the session user's notifications, newest first, and the count of active ones. */
export const notificationsQueryOptions = (query: Partial<NotificationListQuery> & { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: ({ signal }) => api<NotificationList>('/notifications/', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The latest few, shared by the header menu and the home block (one request for both). */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions({ page: 1, pageSize: LATEST_NOTIFICATIONS_PAGE_SIZE }), enabled });
}

export function useNotifications(query: Partial<NotificationListQuery> & { page: number; pageSize: number }) {
  return useQuery(notificationsQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList, NotificationListQuery } from '@rewards/shared/notifications';
import { api } from '@/lib/api';

export const notificationsKey = ['notifications'] as const;

/** `GET /api/notifications/`: the session user's notifications, newest first, and the count of active ones. */
export const notificationsQueryOptions = (query: Partial<NotificationListQuery> & { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: ({ signal }) => api<NotificationList>('/notifications/', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The latest few, shared by the header menu and the home block (one request for both). */
export const LATEST_PAGE_SIZE = 5;

export function useLatestNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions({ page: 1, pageSize: LATEST_PAGE_SIZE }), enabled });
}

export function useNotifications(query: Partial<NotificationListQuery> & { page: number; pageSize: number }) {
  return useQuery(notificationsQueryOptions(query));
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@rewards/shared/notifications';
import { api } from '@/lib/api';
import { notificationsKey } from './get-notifications';

/** What a change of notifications makes stale: the lists, their counts and the header badges. */
export function invalidateNotifications(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationsKey }),
    queryClient.invalidateQueries({ queryKey: ['header-counts'] }),
  ]);
}

/** `PUT /api/notifications/viewed/{id}` ('Notification was successfully opened'); repeating it is harmless. */
export function useMarkNotificationViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api<{ data: Notification }>(`/notifications/viewed/${id}`, { method: 'PUT' })).data,
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

/** `PUT /api/notifications/viewed`: every notification of the user as seen. */
export function useMarkAllNotificationsViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ data: { updated: number } }>('/notifications/viewed', { method: 'PUT' })).data,
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

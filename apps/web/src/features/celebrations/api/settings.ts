import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { celebrationKeys } from './keys';
import type { CelebrationSettings, CelebrationSettingsBody } from './types';

/** `GET /api/celebrations/stores/{id}/settings`: a store's celebration settings (its administrators; defaults when never saved). */
export const celebrationSettingsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: celebrationKeys.settings(storeId),
    queryFn: ({ signal }) => api<{ data: CelebrationSettings }>(`/celebrations/stores/${storeId}/settings`, { signal }).then((r) => r.data),
  });

export function useCelebrationSettings(storeId: number) {
  return useQuery(celebrationSettingsQueryOptions(storeId));
}

/** `PUT /api/celebrations/stores/{id}/settings`: saves them; the next days' list follows them. */
export function useSaveCelebrationSettings(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CelebrationSettingsBody) =>
      api<{ data: CelebrationSettings }>(`/celebrations/stores/${storeId}/settings`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(celebrationKeys.settings(storeId), data);
      return queryClient.invalidateQueries({ queryKey: celebrationKeys.upcomings(storeId) });
    },
    meta: ownErrors,
  });
}

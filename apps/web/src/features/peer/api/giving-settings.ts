import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { peerKeys } from './keys';
import type { GivingSettings, GivingSettingsValues } from './types';

/** `GET /api/peer/stores/{id}/giving`: a store's giving rules (its administrators; defaults when never saved). */
export const givingSettingsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: peerKeys.giving(storeId),
    queryFn: ({ signal }) => api<{ data: GivingSettings }>(`/peer/stores/${storeId}/giving`, { signal }).then((r) => r.data),
  });

export function useGivingSettings(storeId: number) {
  return useQuery(givingSettingsQueryOptions(storeId));
}

/** `PUT /api/peer/stores/{id}/giving`: saves them; allowances take the new amount from the next period. */
export function useSaveGivingSettings(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GivingSettingsValues) =>
      api<{ data: GivingSettings }>(`/peer/stores/${storeId}/giving`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(peerKeys.giving(storeId), data);
      return queryClient.invalidateQueries({ queryKey: peerKeys.allowance });
    },
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NearestStoreResult, Position } from '@rewards/shared/profile';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/**
 * `POST /api/users/store/nearest`: with the browser's position, a user without a chosen store gets the
 * nearest one; when it changes, the whole shop reloads (its catalogue is the store's).
 */
export function useAdoptNearestStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (position: Position) =>
      (await api<{ data: NearestStoreResult }>('/users/store/nearest', { method: 'POST', body: position })).data,
    onSuccess: async (result) => {
      if (result.changed) await queryClient.invalidateQueries();
    },
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NearestStoreResult, Position } from '@rewards/shared/profile';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';
import { preferencesQueryOptions } from './get-preferences';

/**
 * `POST /api/users/store/nearest`: with the browser's position, a user without a chosen store gets the
 * nearest one; when it changes, the whole shop reloads (its catalogue is the store's). The server keeps the
 * position with the profile, so the session (its time zone) and the preferences (the place) reload too.
 */
export function useAdoptNearestStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (position: Position) =>
      (await api<{ data: NearestStoreResult }>('/users/store/nearest', { method: 'POST', body: position })).data,
    onSuccess: async (result) => {
      if (result.changed) return queryClient.invalidateQueries();
      // The position is kept with the profile: its place and time zone may have changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rootKeys.session }),
        queryClient.invalidateQueries({ queryKey: preferencesQueryOptions().queryKey }),
      ]);
    },
    meta: ownErrors,
  });
}

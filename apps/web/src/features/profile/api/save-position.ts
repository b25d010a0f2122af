import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coordinates, SavedPlace } from '@rewards/shared/places';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';
import { preferencesQueryOptions } from './get-preferences';

/**
 * `PUT /api/users/profile/position`: saves the user's position; the server answers its country, continent
 * and time zone (derived offline). The preferences and the session (its time zone) reload.
 */
export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (position: Coordinates) =>
      (await api<{ data: SavedPlace }>('/users/profile/position', { method: 'PUT', body: position })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: preferencesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: rootKeys.session }),
      ]),
    meta: ownErrors,
  });
}

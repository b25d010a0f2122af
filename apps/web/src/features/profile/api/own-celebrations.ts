import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnCelebrations, OwnCelebrationsUpdate } from '@rewards/shared/celebrations';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/**
 * `GET /api/users/profile/celebrations`: the session user's birthday, hire date (read only) and, per kind,
 * their choice (null: their store's default) with those defaults (docs/architecture.md A6.17).
 */
export const ownCelebrationsQueryOptions = () =>
  queryOptions({
    queryKey: ['celebrations', 'own'],
    queryFn: async () => (await api<{ data: OwnCelebrations }>('/users/profile/celebrations')).data,
  });

export function useOwnCelebrations() {
  return useQuery(ownCelebrationsQueryOptions());
}

/** `PUT /api/users/profile/celebrations`: saves them; a birthday of today past the hour is celebrated at once. */
export function useSaveOwnCelebrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OwnCelebrationsUpdate) =>
      (await api<{ data: OwnCelebrations }>('/users/profile/celebrations', { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(ownCelebrationsQueryOptions().queryKey, saved);
      // A celebration posted by the save shows in the feeds.
      return queryClient.invalidateQueries({ queryKey: ['peer', 'feed'] });
    },
    meta: ownErrors,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPreferences } from '@rewards/shared/profile';
import { api } from '@/lib/api';

/** `GET /api/userPreferences`: the session user's saved preferences (defaults until the first save). */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['userPreferences'],
    queryFn: async () => (await api<{ data: UserPreferences }>('/userPreferences')).data,
  });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Challenge } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { challengeKeys } from './keys';

/** One challenge with its questions and right options (GET /api/challenges/{id}), for editing and the participants view. */
export const challengeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: challengeKeys.one(id),
    queryFn: async ({ signal }) => (await api<{ data: Challenge }>(`/challenges/${id}`, { signal })).data,
  });

export function useChallenge(id: number | null) {
  return useQuery({ ...challengeQueryOptions(id ?? 0), enabled: id !== null });
}

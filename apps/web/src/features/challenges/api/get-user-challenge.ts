import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserChallenge } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { challengeKeys } from './keys';

/** The active challenge of the user's store and the user's own submission (null: there is none). */
export const userChallengeQueryOptions = () =>
  queryOptions({
    queryKey: challengeKeys.mine,
    queryFn: async ({ signal }) => (await api<{ data: UserChallenge | null }>('/challenges/userChallenge', { signal })).data,
  });

export function useUserChallenge() {
  return useQuery(userChallengeQueryOptions());
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeSummary } from '@rewards/shared/challenges';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { challengeKeys } from './keys';

export interface ChallengesQuery {
  storeId: number;
  page?: number;
  pageSize?: number;
  search?: string;
  active?: boolean;
}

/** A store's challenges for its administrators (GET /api/challenges/), the active one first. */
export const challengesQueryOptions = (query: ChallengesQuery) =>
  queryOptions({
    queryKey: challengeKeys.list(query),
    queryFn: ({ signal }) => api<ListResponse<ChallengeSummary>>('/challenges/', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export function useChallenges(query: ChallengesQuery) {
  return useQuery(challengesQueryOptions(query));
}

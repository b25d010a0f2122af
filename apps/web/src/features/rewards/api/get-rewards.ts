import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Reward } from '@rewards/shared/rewards';
import { api } from '@/lib/api';

export interface RewardsQuery {
  storeId: number;
  page?: number;
  pageSize?: number;
  search?: string;
  active?: boolean;
}

/** Every recognitions query starts with this key: a write invalidates them all. */
export const rewardKeys = {
  all: ['rewards'] as const,
  list: (query: RewardsQuery) => [...rewardKeys.all, 'list', query] as const,
  byArea: (storeId: number) => [...rewardKeys.all, 'by-area', storeId] as const,
};

/** A store's recognitions for its administrators (inactive ones too, unless `active` says otherwise). */
export const rewardsQueryOptions = (query: RewardsQuery) =>
  queryOptions({
    queryKey: rewardKeys.list(query),
    queryFn: ({ signal }) => api<ListResponse<Reward>>('/rewards/', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export function useRewards(query: RewardsQuery) {
  return useQuery(rewardsQueryOptions(query));
}

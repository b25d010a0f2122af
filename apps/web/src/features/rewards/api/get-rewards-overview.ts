import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { WHOLE_LIST_PAGE_SIZE } from '@rewards/shared/pages';
import type { Reward } from '@rewards/shared/rewards';
import { api } from '@/lib/api';
import { rewardKeys } from './get-rewards';

/**
 * The store's active recognitions: the points overview table of /about. `active=true` is explicit so
 * that an administrator of the store sees what shoppers see.
 */
export const rewardsOverviewQueryOptions = (storeId: number | null | undefined) =>
  queryOptions({
    queryKey: [...rewardKeys.all, 'overview', storeId ?? 'default'],
    queryFn: async () =>
      (await api<ListResponse<Reward>>('/rewards/', { query: { storeId, active: true, pageSize: WHOLE_LIST_PAGE_SIZE } })).data,
    staleTime: 10 * 60_000,
  });

export function useRewardsOverview(storeId: number | null | undefined) {
  return useQuery(rewardsOverviewQueryOptions(storeId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardAreaGroup } from '@rewards/shared/rewards';
import { api } from '@/lib/api';
import { rewardKeys } from './get-rewards';

/** Active recognitions grouped by active area: the "select an area" step (GET /api/rewards/area/). */
export const rewardsByAreaQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: rewardKeys.byArea(storeId),
    queryFn: async ({ signal }) => (await api<{ data: RewardAreaGroup[] }>('/rewards/area/', { query: { storeId }, signal })).data,
  });

export function useRewardsByArea(storeId: number) {
  return useQuery(rewardsByAreaQueryOptions(storeId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadReward } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { loadKeys } from './keys';

/** The store's active recognitions, with points and frequency limits (step 2 of the wizard). */
export const loadRewardsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: loadKeys.rewards(storeId),
    queryFn: async () => (await api<{ data: LoadReward[] }>('/loads/rewards', { query: { storeId } })).data,
    staleTime: 60_000,
  });

export function useLoadRewards(storeId: number | undefined) {
  return useQuery({ ...loadRewardsQueryOptions(storeId ?? 0), enabled: Boolean(storeId) });
}

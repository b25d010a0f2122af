import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface RewardSummary {
  id: number;
  name: string;
  description: string;
  points: number;
  frequencyLimit: number;
  frequencyPeriod: 'year' | 'month' | 'day';
}

/** The store's recognitions: the points overview table of /about. */
export function useRewardsOverview(storeId: number | null | undefined) {
  return useQuery({
    queryKey: ['rewards', 'overview', storeId ?? 'default'],
    queryFn: async () => (await api<{ data: RewardSummary[] }>('/rewards/', { query: { storeId } })).data,
    staleTime: 10 * 60_000,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountStatistics } from '@rewards/shared/points';
import { api } from '@/lib/api';
import { pointsKeys } from './keys';

export const accountStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: pointsKeys.statistics(),
    queryFn: async () => (await api<{ data: AccountStatistics }>('/accounts/statistics')).data,
  });

/** The balance and this program year's earned, spent and expired points. */
export function useAccountStatistics() {
  return useQuery(accountStatisticsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeaderCounts } from '@rewards/shared/users';
import { api } from '@/lib/api';

export const headerCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['header-counts'],
    queryFn: async () => (await api<{ data: HeaderCounts }>('/users/profile/counters')).data,
    staleTime: 30_000,
  });

export function useHeaderCounts(enabled: boolean) {
  return useQuery({ ...headerCountsQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Store } from '@rewards/shared/stores';
import { api } from '@/lib/api';

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ['stores'],
    queryFn: () => api<ListResponse<Store>>('/stores/', { query: { pageSize: 100 } }),
    staleTime: 10 * 60_000,
  });

export function useStores() {
  return useQuery(storesQueryOptions());
}

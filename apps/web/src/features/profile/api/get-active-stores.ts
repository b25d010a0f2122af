import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Store } from '@rewards/shared/stores';
import { api } from '@/lib/api';

/** `GET /api/stores/?status=active`: the offices a user may choose as their store. */
export const activeStoresQueryOptions = () =>
  queryOptions({
    queryKey: ['stores', 'active'],
    queryFn: () => api<ListResponse<Store>>('/stores/', { query: { status: 'active', pageSize: 100 } }),
    staleTime: 10 * 60_000,
  });

export function useActiveStores() {
  return useQuery(activeStoresQueryOptions());
}

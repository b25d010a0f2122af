import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { WHOLE_LIST_PAGE_SIZE } from '@rewards/shared/pages';
import type { Store } from '@rewards/shared/stores';
import { api } from '@/lib/api';

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ['stores'],
    queryFn: () => api<ListResponse<Store>>('/stores/', { query: { pageSize: WHOLE_LIST_PAGE_SIZE } }),
    staleTime: 10 * 60_000,
  });

export function useStores() {
  return useQuery(storesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@rewards/shared/categories';
import type { ListResponse } from '@rewards/shared/common';
import { WHOLE_LIST_PAGE_SIZE } from '@rewards/shared/pages';
import { api } from '@/lib/api';
import { categoryKeys } from './keys';

/** Active categories of the user's store (the default store when signed out). */
export const categoriesQueryOptions = (storeId: number | null | undefined) =>
  queryOptions({
    queryKey: categoryKeys.shop(storeId),
    queryFn: () => api<ListResponse<Category>>('/categories/', { query: { storeId, pageSize: WHOLE_LIST_PAGE_SIZE } }),
    staleTime: 5 * 60_000,
  });

export function useCategories(storeId: number | null | undefined) {
  return useQuery(categoriesQueryOptions(storeId));
}

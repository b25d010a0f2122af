import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@rewards/shared/categories';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { categoryKeys } from './keys';

export type AdminCategoriesQuery = {
  storeId: number;
  page?: number;
  pageSize?: number;
  search?: string;
  active?: boolean;
};

export const adminCategoriesQueryOptions = (query: AdminCategoriesQuery) =>
  queryOptions({
    queryKey: categoryKeys.admin(query),
    queryFn: () => api<ListResponse<Category>>('/categories/', { query }),
    placeholderData: keepPreviousData,
  });

/** A store's categories for /admin/inventory, active or not. */
export function useAdminCategories(query: AdminCategoriesQuery) {
  return useQuery(adminCategoriesQueryOptions(query));
}

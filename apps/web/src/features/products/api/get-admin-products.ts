import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { AdminProductListQuery, Product } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { productKeys } from './keys';

export type AdminProductsQuery = Partial<AdminProductListQuery> & { storeId: number };

export const adminProductsQueryOptions = (query: AdminProductsQuery) =>
  queryOptions({
    queryKey: productKeys.admin(query),
    queryFn: () => api<ListResponse<Product>>('/productAdmin/', { query }),
    placeholderData: keepPreviousData,
  });

/** A store's products for /admin/inventory, active or not, with filters. */
export function useAdminProducts(query: AdminProductsQuery) {
  return useQuery(adminProductsQueryOptions(query));
}

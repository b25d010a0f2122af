import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Product, ProductListQuery } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { productKeys } from './keys';

/** Category pages and search: the user's store when signed in (Auth variant), else the default store. */
export const productsQueryOptions = (query: Partial<ProductListQuery>, signedIn: boolean) =>
  queryOptions({
    queryKey: productKeys.list(signedIn, query),
    queryFn: () => api<ListResponse<Product>>(signedIn ? '/productsAuth/' : '/products/all/', { query }),
    placeholderData: keepPreviousData,
  });

export function useProducts(query: Partial<ProductListQuery>, signedIn: boolean, enabled = true) {
  return useQuery({ ...productsQueryOptions(query, signedIn), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_ROW_SIZE } from '@rewards/shared/pages';
import type { Product } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { productKeys } from './keys';

export type ProductRowKind = 'featured' | 'recommended' | 'new' | 'views' | 'lastShopping';

/** Home rows, each loaded on its own (those of the first screen come with the page: pages.ts `HOME_FIRST_ROWS`). */
export const productRowQueryOptions = (kind: ProductRowKind, userId: number | null) =>
  queryOptions({
    queryKey: productKeys.row(kind, userId),
    queryFn: async () =>
      kind === 'lastShopping'
        ? (await api<{ data: Product[] }>('/products/lastShopping/')).data
        : (await api<{ data: Product[] }>('/products/stats/', { query: { type: kind, limit: HOME_ROW_SIZE } })).data,
    staleTime: 60_000,
  });

export function useProductRow(kind: ProductRowKind, userId: number | null, enabled = true) {
  return useQuery({ ...productRowQueryOptions(kind, userId), enabled: enabled && (kind !== 'lastShopping' || userId !== null) });
}

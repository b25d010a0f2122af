import { queryOptions, useQuery } from '@tanstack/react-query';
import { OTHER_RESULTS_LIMIT } from '@rewards/shared/pages';
import type { Product } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { productKeys } from './keys';

export interface OtherResultsQuery {
  categoryId?: number;
  excludeId?: number;
}

export const otherResultsQueryOptions = (query: OtherResultsQuery, signedIn: boolean) =>
  queryOptions({
    queryKey: productKeys.other(query, signedIn),
    queryFn: async () =>
      (
        await api<{ data: Product[] }>(signedIn ? '/products/otherResultsAuth' : '/products/otherResults', {
          query: { ...query, limit: OTHER_RESULTS_LIMIT },
        })
      ).data,
    staleTime: 60_000,
  });

/** "Other results": the same category first, then the store's most viewed. */
export function useOtherResults(query: OtherResultsQuery, signedIn: boolean, enabled = true) {
  return useQuery({ ...otherResultsQueryOptions(query, signedIn), enabled });
}

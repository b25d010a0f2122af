import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSuggestion } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { productKeys } from './keys';

/** Suggestions start at this many characters (after trimming). */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;

/**
 * Header search suggestions of a store (the default store when signed out), from the search index.
 * A failure answers `null`: suggestions are a convenience, so the box just hides them and the global
 * 'Alerta' of docs/architecture.md P8 stays quiet. A request the query no longer needs is aborted.
 */
export const suggestionsQueryOptions = (storeId: number | null | undefined, q: string) =>
  queryOptions({
    queryKey: [...productKeys.all, 'suggest', storeId ?? null, q] as const,
    queryFn: async ({ signal }): Promise<ProductSuggestion[] | null> => {
      try {
        return (await api<{ data: ProductSuggestion[] }>('/products/suggest/', { query: { storeId, q, limit: SUGGEST_LIMIT }, signal }))
          .data;
      } catch (err) {
        if (signal.aborted) throw err;
        return null;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

export function useSuggestions(storeId: number | null | undefined, q: string) {
  return useQuery({ ...suggestionsQueryOptions(storeId, q), enabled: q.length >= SUGGEST_MIN_LENGTH });
}

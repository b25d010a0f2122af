import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogOption } from '@rewards/shared/profile';
import { api } from '@/lib/api';

/** `GET /api/catalog/categories`: the profile categories of the session user's store. */
export const profileCategoriesQueryOptions = (storeId: number | null) =>
  queryOptions({
    queryKey: ['catalog', 'categories', storeId],
    queryFn: async () => (await api<{ data: CatalogOption[] }>('/catalog/categories')).data,
    staleTime: 10 * 60_000,
  });

export function useProfileCategories(storeId: number | null) {
  return useQuery(profileCategoriesQueryOptions(storeId));
}

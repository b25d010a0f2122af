import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@rewards/shared/dashboard';
import { api } from '@/lib/api';

/** `GET /api/dashboard`: one store's figures, or every store's (`null`, super administrators). */
export const dashboardQueryOptions = (storeId: number | null) =>
  queryOptions({
    queryKey: ['dashboard', storeId ?? 'all'],
    queryFn: async ({ signal }) => (await api<{ data: Dashboard }>('/dashboard', { query: { storeId }, signal })).data,
    staleTime: 60_000,
  });

export function useDashboard(storeId: number | null) {
  return useQuery(dashboardQueryOptions(storeId));
}

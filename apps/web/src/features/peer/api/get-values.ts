import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { peerKeys } from './keys';
import type { CompanyValue } from './types';

/** `GET /api/recognitions/values`: the active company values of the reader's office, to give with and to filter by. */
export const givingValuesQueryOptions = () =>
  queryOptions({
    queryKey: peerKeys.values(null),
    queryFn: ({ signal }) => api<{ data: CompanyValue[] }>('/recognitions/values', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export function useGivingValues() {
  return useQuery(givingValuesQueryOptions());
}

/** `GET /api/peer/stores/{id}/values`: every company value of a store, active or not, in their order (its administrators). */
export const storeValuesQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: peerKeys.values(storeId),
    queryFn: ({ signal }) => api<{ data: CompanyValue[] }>(`/peer/stores/${storeId}/values`, { signal }).then((r) => r.data),
  });

export function useStoreValues(storeId: number) {
  return useQuery(storeValuesQueryOptions(storeId));
}

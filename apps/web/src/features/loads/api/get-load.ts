import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Load } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { loadKeys } from './keys';

export const loadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: loadKeys.one(id),
    queryFn: async () => (await api<{ data: Load }>(`/loads/${id}`)).data,
  });

/** One load group: the report's header. */
export function useLoad(id: number) {
  return useQuery({ ...loadQueryOptions(id), retry: false });
}

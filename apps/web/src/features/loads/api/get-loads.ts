import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Load, LoadListQuery } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { loadKeys } from './keys';

export const loadsQueryOptions = (query: Partial<LoadListQuery>) =>
  queryOptions({
    queryKey: loadKeys.list(query),
    queryFn: () => api<ListResponse<Load>>('/loads', { query }),
    placeholderData: keepPreviousData,
  });

/** The loads of a store, newest first. */
export function useLoads(query: Partial<LoadListQuery>, enabled = true) {
  return useQuery({ ...loadsQueryOptions(query), enabled });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Area } from '@rewards/shared/areas';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';

export interface AreasQuery {
  storeId: number;
  page?: number;
  pageSize?: number;
  search?: string;
  active?: boolean;
}

/** Every areas query starts with this key: a write invalidates them all. */
export const areaKeys = {
  all: ['areas'] as const,
  list: (query: AreasQuery) => [...areaKeys.all, 'list', query] as const,
};

/** A store's areas for its administrators, with how many recognitions each has. */
export const areasQueryOptions = (query: AreasQuery) =>
  queryOptions({
    queryKey: areaKeys.list(query),
    queryFn: ({ signal }) => api<ListResponse<Area>>('/areas/', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAreas(query: AreasQuery) {
  return useQuery(areasQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Store, StoreListQuery } from '@rewards/shared/stores';
import { api } from '@/lib/api';
import { storesQueryOptions } from './get-stores';

/** `GET /api/stores/?status=…`: every store, inactive ones included, for the administrators' screens. */
export const adminStoresQueryOptions = (query: Partial<StoreListQuery>) =>
  queryOptions({
    queryKey: [...storesQueryOptions().queryKey, 'admin', query],
    queryFn: () => api<ListResponse<Store>>('/stores/', { query }),
    placeholderData: keepPreviousData,
  });

export function useAdminStoreList(query: Partial<StoreListQuery>, enabled = true) {
  return useQuery({ ...adminStoresQueryOptions(query), enabled });
}

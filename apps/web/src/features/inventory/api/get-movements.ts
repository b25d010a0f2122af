import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { InventoryMovement } from '@rewards/shared/inventory';
import { api } from '@/lib/api';
import { rootKeys } from '@/lib/query-keys';

export const inventoryQueryKey = rootKeys.inventory;

export type MovementsQuery = {
  storeId: number;
  productId?: number;
  page?: number;
  pageSize?: number;
};

export const movementsQueryOptions = (query: MovementsQuery) =>
  queryOptions({
    queryKey: [...inventoryQueryKey, query],
    queryFn: () => api<ListResponse<InventoryMovement>>('/inventory/', { query }),
    placeholderData: keepPreviousData,
  });

/** Stock movements (who, when, why), newest first. */
export function useMovements(query: MovementsQuery, enabled = true) {
  return useQuery({ ...movementsQueryOptions(query), enabled });
}

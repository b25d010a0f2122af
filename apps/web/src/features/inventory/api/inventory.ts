import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { InventoryMovement, InventoryMovementCreate } from '@rewards/shared/inventory';
import { api } from '@/lib/api';

export function useMovements(query: { storeId: number; productId?: number; page?: number; pageSize?: number }, enabled = true) {
  return useQuery({
    queryKey: ['inventory', query],
    queryFn: () => api<ListResponse<InventoryMovement>>('/inventory/', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A restock or adjustment; product lists and the movement history reload. */
export function useRecordMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryMovementCreate) => api<{ data: InventoryMovement }>('/inventory', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['inventory'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
    onError: () => undefined,
  });
}

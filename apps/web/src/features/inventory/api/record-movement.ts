import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryMovement, InventoryMovementCreate } from '@rewards/shared/inventory';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';
import { inventoryQueryKey } from './get-movements';

/** A restock or adjustment; product lists and the movement history reload. */
export function useRecordMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryMovementCreate) => api<{ data: InventoryMovement }>('/inventory', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: rootKeys.products }),
      ]),
    meta: ownErrors,
  });
}

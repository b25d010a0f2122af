import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { orderKeys } from './keys';

/** Deletes a canceled order (any other is ORDER_NOT_CANCELED); its ledger rows stay. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Order }>(`/orders/delete/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: orderKeys.one(id) });
      queryClient.removeQueries({ queryKey: orderKeys.tracking(id) });
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    meta: ownErrors,
  });
}

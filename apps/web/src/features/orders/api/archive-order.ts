import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { orderKeys } from './keys';

/** Archives an order (hidden from the administrators' lists) or restores it; nothing else about it changes. */
export function useArchiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      api<{ data: Order }>(`/orders/${archived ? 'deactivate' : 'activate'}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: ownErrors,
  });
}

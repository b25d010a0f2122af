import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { orderKeys } from './keys';

/** Moves an order (approve, ship, deliver, cancel); the lists reload. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, comment, cause }: { id: number; status: number; comment?: string; cause?: string }) =>
      api<{ data: Order }>(`/orders/${id}`, { method: 'PUT', body: { status, comment: comment || undefined, cause: cause || undefined } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: ownErrors,
  });
}

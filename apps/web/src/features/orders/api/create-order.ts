import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderCreate } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';

/** What an order changes: the cart it empties, the badges and balance, the orders, the stock, the movements. */
const staleAfterOrder = [rootKeys.cart, rootKeys.headerCounts, rootKeys.session, rootKeys.orders, rootKeys.products, rootKeys.account];

/**
 * Places an order (buy now or from the cart). One key per attempt: a retry of the same attempt
 * returns the first order instead of charging twice.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreate) => {
      const key = globalThis.crypto.randomUUID();
      return api<{ data: Order }>('/orders', { method: 'POST', body, headers: { 'idempotency-key': key } });
    },
    onSuccess: () => Promise.all(staleAfterOrder.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: ownErrors,
  });
}

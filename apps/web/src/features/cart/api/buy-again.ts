import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyAgainResult } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateCart } from './get-cart';

/** Buy again: a past order's products back into the cart (with the cart's rules). */
export function useBuyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api<{ data: BuyAgainResult }>(`/shoppingCart/fromOrder/${orderId}`, { method: 'POST' })).data,
    onSuccess: () => invalidateCart(queryClient),
    meta: ownErrors,
  });
}

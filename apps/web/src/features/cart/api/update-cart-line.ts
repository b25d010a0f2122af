import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLineResult } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateCart } from './get-cart';

/** A new quantity for one line (the server caps it at the stock and at CART_MAX_QUANTITY). */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      api<{ data: CartLineResult }>(`/shoppingCart/${id}`, { method: 'PUT', body: { quantity } }),
    onSuccess: () => invalidateCart(queryClient),
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLineResult } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateCart } from './get-cart';

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { productId: number; quantity: number }) =>
      api<{ data: CartLineResult }>('/shoppingCart/', { method: 'POST', body }),
    onSuccess: () => invalidateCart(queryClient),
    meta: ownErrors,
  });
}

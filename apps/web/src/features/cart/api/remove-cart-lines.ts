import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateCart } from './get-cart';

/** Removes some lines, or all of them (clear the cart). */
export function useRemoveCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<{ data: { removed: number } }>('/shoppingCart/remove', { method: 'POST', body: { ids } }),
    onSuccess: () => invalidateCart(queryClient),
    meta: ownErrors,
  });
}

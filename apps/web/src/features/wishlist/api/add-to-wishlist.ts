import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateWishlist } from './get-wishlist';

/** 'successfully added to my wishlist'; a product already there answers CONFLICT. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      api<{ data: { id: number; productId: number } }>('/wishlists/', { method: 'POST', body: { productId } }),
    onSuccess: () => invalidateWishlist(queryClient),
    meta: ownErrors,
  });
}

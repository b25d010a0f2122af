import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { invalidateWishlist } from './get-wishlist';

/** 'product removed from my wishlist' (`id` is the wishlist item's). */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: { id: number } }>(`/wishlists/delete/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateWishlist(queryClient),
    meta: ownErrors,
  });
}

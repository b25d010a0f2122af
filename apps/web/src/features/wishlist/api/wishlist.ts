import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';

export interface WishlistItem {
  id: number;
  productId: number;
  product: { name: string; slug: string; price: number; stock: number; picture: string | null };
}

export function useWishlist(page: number) {
  return useQuery({
    queryKey: ['wishlist', page],
    queryFn: () => api<ListResponse<WishlistItem>>('/wishlists/', { query: { page, pageSize: 20 } }),
  });
}

export function useWishlistChange() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['wishlist'] }),
      queryClient.invalidateQueries({ queryKey: ['header-counts'] }),
    ]);
  const add = useMutation({
    mutationFn: (productId: number) => api('/wishlists/', { method: 'POST', body: { productId } }),
    onSuccess: refresh,
    onError: () => undefined,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`/wishlists/delete/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: () => undefined,
  });
  return { add, remove };
}

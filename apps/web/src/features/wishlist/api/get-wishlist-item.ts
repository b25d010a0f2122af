import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { WishlistItem } from '@rewards/shared/wishlist';
import { api } from '@/lib/api';
import { wishlistQueryKey } from './get-wishlist';

/** A product's place in the session user's wishlist: its item's id, or null when it is not there. */
export type WishlistEntry = { id: number } | null;

export const wishlistItemQueryOptions = (productId: number) =>
  queryOptions({
    // Under the wishlist's key: every change to the list (invalidateWishlist) refreshes it too.
    queryKey: [...wishlistQueryKey, 'product', productId],
    queryFn: async (): Promise<WishlistEntry> => {
      const list = await api<ListResponse<WishlistItem>>('/wishlists/', { query: { productId, page: 1, pageSize: 1 } });
      const item = list.data[0];
      return item ? { id: item.id } : null;
    },
  });

/** Whether the product is in the session user's wishlist (the product page's button shows it). */
export function useWishlistItem(productId: number, enabled = true) {
  return useQuery({ ...wishlistItemQueryOptions(productId), enabled });
}

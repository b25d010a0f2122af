import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { WISHLIST_PAGE_SIZE } from '@rewards/shared/pages';
import type { WishlistItem } from '@rewards/shared/wishlist';
import { api } from '@/lib/api';
import { rootKeys } from '@/lib/query-keys';

export const wishlistQueryKey = rootKeys.wishlist;

export const wishlistQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...wishlistQueryKey, page],
    queryFn: () => api<ListResponse<WishlistItem>>('/wishlists/', { query: { page, pageSize: WISHLIST_PAGE_SIZE } }),
  });

/** The session user's wishlist, newest first, 20 a page. */
export function useWishlist(page: number) {
  return useQuery(wishlistQueryOptions(page));
}

/** What a wishlist change makes stale: the list, the header badges. */
export function invalidateWishlist(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: wishlistQueryKey }),
    queryClient.invalidateQueries({ queryKey: rootKeys.headerCounts }),
  ]);
}

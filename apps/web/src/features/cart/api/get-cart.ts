import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { rootKeys } from '@/lib/query-keys';

export const cartQueryKey = rootKeys.cart;

/** The cart as loaded, with the adjustments the server made on load (docs/architecture.md P5). */
export const cartQueryOptions = () => queryOptions({ queryKey: cartQueryKey, queryFn: () => api<Cart>('/shoppingCart/') });

export function useCart() {
  return useQuery(cartQueryOptions());
}

/** What a cart change makes stale: the cart, the header badges. */
export function invalidateCart(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cartQueryKey }),
    queryClient.invalidateQueries({ queryKey: rootKeys.headerCounts }),
  ]);
}

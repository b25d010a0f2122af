import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@rewards/shared/orders';
import { api } from '@/lib/api';

/** What a cart change makes stale: the cart, the header badges. */
export function invalidateCart(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['cart'] }),
    queryClient.invalidateQueries({ queryKey: ['header-counts'] }),
  ]);
}

export function useCart() {
  return useQuery({ queryKey: ['cart'], queryFn: () => api<Cart>('/shoppingCart/') });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { productId: number; quantity: number }) =>
      api<{ data: { id: number; quantity: number } }>('/shoppingCart/', { method: 'POST', body }),
    onSuccess: () => invalidateCart(queryClient),
    onError: () => undefined,
  });
}

export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) => api(`/shoppingCart/${id}`, { method: 'PUT', body: { quantity } }),
    onSuccess: () => invalidateCart(queryClient),
    onError: () => undefined,
  });
}

export function useRemoveCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api('/shoppingCart/remove', { method: 'POST', body: { ids } }),
    onSuccess: () => invalidateCart(queryClient),
    onError: () => undefined,
  });
}

export interface BuyAgainResult {
  added: number[];
  skipped: { productId: number; name: string; code: 'ALREADY_IN_CART' | 'OUT_OF_STOCK' | 'NOT_AVAILABLE_IN_STORE' }[];
}

/** Buy again: a past order's products back into the cart (with the cart's rules). */
export function useBuyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await api<{ data: BuyAgainResult }>(`/shoppingCart/fromOrder/${orderId}`, { method: 'POST' })).data,
    onSuccess: () => invalidateCart(queryClient),
    onError: () => undefined,
  });
}

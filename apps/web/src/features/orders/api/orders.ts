import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Order, OrderCreate } from '@rewards/shared/orders';
import { api } from '@/lib/api';

/**
 * Places an order (buy now or from the cart). One key per attempt: a retry of the same attempt
 * returns the first order instead of charging twice.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreate) => {
      const key = globalThis.crypto.randomUUID();
      return api<{ data: Order }>('/orders', { method: 'POST', body, headers: { 'idempotency-key': key } });
    },
    onSuccess: () =>
      Promise.all(
        ['cart', 'header-counts', 'session', 'orders', 'products', 'account'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
      ),
    onError: () => undefined,
  });
}

export function useMyOrders(page: number) {
  return useQuery({
    queryKey: ['orders', 'mine', page],
    queryFn: () => api<ListResponse<Order>>('/orders/user', { query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
}

export interface AdminOrderFilters {
  page: number;
  status?: number;
  storeId?: number;
  search?: string;
  from?: string;
  to?: string;
}

export function useAdminOrders(query: AdminOrderFilters) {
  return useQuery({
    queryKey: ['orders', 'admin', query],
    queryFn: () => api<ListResponse<Order>>('/orders/', { query: { ...query, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its lines and tracking (its customer, or an administrator of its store). */
export function useOrder(id: number) {
  return useQuery({
    queryKey: ['orders', 'one', id],
    queryFn: async () => (await api<{ data: Order }>(`/orders/detail/${id}`)).data,
    retry: false,
  });
}

/** Moves an order (approve, ship, deliver, cancel); the lists reload. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, comment, cause }: { id: number; status: number; comment?: string; cause?: string }) =>
      api<{ data: Order }>(`/orders/${id}`, { method: 'PUT', body: { status, comment: comment || undefined, cause: cause || undefined } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
    onError: () => undefined,
  });
}

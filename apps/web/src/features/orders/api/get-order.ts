import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { orderKeys } from './keys';

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: async () => (await api<{ data: Order }>(`/orders/detail/${id}`)).data,
    retry: false,
  });

/** One order with its lines and tracking (its customer, or an administrator of its store). */
export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { orderKeys } from './keys';

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(page),
    queryFn: () => api<ListResponse<Order>>('/orders/user', { query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

/** The session user's orders, newest first, with their lines and tracking. */
export function useMyOrders(page: number) {
  return useQuery(myOrdersQueryOptions(page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { MY_ORDERS_PAGE_SIZE } from '@rewards/shared/pages';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { orderKeys } from './keys';

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(page),
    queryFn: () => api<ListResponse<Order>>('/orders/user', { query: { page, pageSize: MY_ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The session user's orders, newest first, with their lines and tracking. */
export function useMyOrders(page: number) {
  return useQuery(myOrdersQueryOptions(page));
}

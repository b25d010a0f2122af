import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { Order } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { orderKeys } from './keys';

/** The filters of /admin/orders (`GET /api/orders`, orderListQuerySchema). */
export interface AdminOrderFilters {
  page: number;
  status?: number;
  storeId?: number;
  search?: string;
  from?: string;
  to?: string;
  /** true: the archived orders only; otherwise the others. */
  archived?: boolean;
}

export const adminOrdersQueryOptions = (query: AdminOrderFilters) =>
  queryOptions({
    queryKey: orderKeys.admin(query),
    queryFn: () => api<ListResponse<Order>>('/orders/', { query: { ...query, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });

/** The orders of the stores the administrator may see, 20 a page. */
export function useAdminOrders(query: AdminOrderFilters) {
  return useQuery(adminOrdersQueryOptions(query));
}

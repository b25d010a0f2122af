import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTimeline } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { orderKeys } from './keys';

export const orderTrackingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.tracking(id),
    queryFn: async () => (await api<{ data: OrderTimeline }>(`/orders/tracking/${id}`)).data.track,
    retry: false,
  });

/** An order's timeline: status moves and administrators' edits, with who and why (its customer, or an administrator of its store). */
export function useOrderTracking(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderTrackingQueryOptions(id), enabled });
}

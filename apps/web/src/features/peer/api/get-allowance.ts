import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { peerKeys } from './keys';
import type { Allowance } from './types';

/** `GET /api/recognitions/allowance`: what the reader may still give this period, and when it resets. */
export const allowanceQueryOptions = () =>
  queryOptions({
    queryKey: peerKeys.allowance,
    queryFn: ({ signal }) => api<{ data: Allowance }>('/recognitions/allowance', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export function useAllowance(enabled = true) {
  return useQuery({ ...allowanceQueryOptions(), enabled });
}

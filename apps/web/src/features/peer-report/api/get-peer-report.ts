import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PeerReport } from '@rewards/shared/peer-report-rules';
import { api } from '@/lib/api';

/** The report's filters: a period of local days (each left out: the store's current giving period) and the reciprocal pairs' threshold. */
export interface PeerReportFilters {
  from?: string;
  to?: string;
  threshold?: number;
}

export const peerReportKeys = {
  all: ['peer-report'] as const,
  report: (storeId: number, filters: PeerReportFilters) => ['peer-report', storeId, filters] as const,
};

/** `GET /api/peer/stores/{id}/report`. */
export const peerReportQueryOptions = (storeId: number, filters: PeerReportFilters) =>
  queryOptions({
    queryKey: peerReportKeys.report(storeId, filters),
    queryFn: async ({ signal }) =>
      (await api<{ data: PeerReport }>(`/peer/stores/${storeId}/report`, { query: { ...filters }, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function usePeerReport(storeId: number, filters: PeerReportFilters) {
  return useQuery(peerReportQueryOptions(storeId, filters));
}

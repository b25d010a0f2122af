import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsolidatedPage, ConsolidatedQuery } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { loadKeys } from './keys';

export const consolidatedQueryOptions = (query: Partial<ConsolidatedQuery>) =>
  queryOptions({
    queryKey: loadKeys.consolidated(query),
    queryFn: () => api<ConsolidatedPage>('/loads/consolidated', { query }),
    placeholderData: keepPreviousData,
  });

/** One row per receiver, with filters and paging. */
export function useConsolidated(query: Partial<ConsolidatedQuery>) {
  return useQuery(consolidatedQueryOptions(query));
}

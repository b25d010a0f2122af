import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { celebrationKeys } from './keys';
import type { StoreBudget } from './types';

/**
 * `GET /api/budgets?storeId=&scope=store`: the store's open store-scope budgets, the ones its celebrations may
 * be paid from (docs/architecture.md A6.17, A6.19); one page of 100 (a store has few).
 */
export function useStoreBudgets(storeId: number, enabled = true) {
  return useQuery({
    queryKey: celebrationKeys.budgets(storeId),
    queryFn: ({ signal }) =>
      api<{ data: StoreBudget[] }>('/budgets', { query: { storeId, scope: 'store', pageSize: 100 }, signal }).then((r) => r.data),
    enabled,
  });
}

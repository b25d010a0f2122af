import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { awardKeys } from './keys';
import type { ApprovalRules, ApprovalRulesInput, Budget, BudgetCreate, BudgetDetail, BudgetUpdate, ListPage } from './types';

export const BUDGETS_PAGE_SIZE = 20;
export const MOVEMENTS_PAGE_SIZE = 20;

/** `GET /api/budgets`: the budgets the caller manages or may spend, newest first (closed ones on demand). */
export function useBudgets(filters: { storeId?: number; closed?: boolean; page: number; spendable?: boolean }, enabled = true) {
  return useQuery({
    queryKey: awardKeys.budgetList(filters),
    queryFn: ({ signal }) =>
      api<ListPage<Budget>>('/budgets', {
        query: { ...filters, pageSize: filters.spendable ? 100 : BUDGETS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/budgets/{id}?page=`: one budget with a page of its movements, newest first. */
export function useBudgetDetail(id: number | null, page: number) {
  return useQuery<BudgetDetail>({
    queryKey: awardKeys.budget(id ?? 0, page),
    queryFn: ({ signal }) =>
      api<{ data: BudgetDetail }>(`/budgets/${id}`, { query: { page, pageSize: MOVEMENTS_PAGE_SIZE }, signal }).then((r) => r.data),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BudgetCreate) => api<{ data: Budget }>('/budgets', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: awardKeys.budgets }),
    meta: ownErrors,
  });
}

/** `PUT /api/budgets/{id}`: a new amount, the reload, or closing it. */
export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BudgetUpdate }) =>
      api<{ data: Budget }>(`/budgets/${id}`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: awardKeys.budgets }),
    meta: ownErrors,
  });
}

/** `GET /api/approvals/stores/{id}/rules`: a store's approval rules (the defaults until saved). */
export function useApprovalRules(storeId: number | undefined) {
  return useQuery({
    queryKey: awardKeys.rules(storeId ?? 0),
    queryFn: ({ signal }) => api<{ data: ApprovalRules }>(`/approvals/stores/${storeId}/rules`, { signal }).then((r) => r.data),
    enabled: storeId !== undefined,
  });
}

export function useSaveApprovalRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, body }: { storeId: number; body: ApprovalRulesInput }) =>
      api<{ data: ApprovalRules }>(`/approvals/stores/${storeId}/rules`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (rules) => queryClient.setQueryData(awardKeys.rules(rules.storeId), rules),
    meta: ownErrors,
  });
}

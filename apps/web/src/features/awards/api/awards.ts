import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { awardKeys } from './keys';
import type { Award, AwardCreate, ListPage } from './types';

export const AWARDS_PAGE_SIZE = 10;

/**
 * `POST /api/awards` with an Idempotency-Key the form keeps across retries of the same award (a retry
 * answers the first award, never a second one): credited at once (201) or waiting for approval (202), as
 * the award's status says. The budgets and the giver's awards are asked again.
 */
export function useGiveAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AwardCreate; key: string }) =>
      api<{ data: Award }>('/awards', { method: 'POST', body, headers: { 'idempotency-key': key } }).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: awardKeys.budgets }),
        queryClient.invalidateQueries({ queryKey: awardKeys.given }),
      ]),
    meta: ownErrors,
  });
}

/** `GET /api/awards?role=given`: the caller's awards, newest first, any status. */
export function useMyAwards(page: number) {
  return useQuery({
    queryKey: awardKeys.givenPage(page),
    queryFn: ({ signal }) => api<ListPage<Award>>('/awards', { query: { role: 'given', page, pageSize: AWARDS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/awards/{id}`: one award (its giver, recipients, approvers, the store's administrators). */
export function useAward(id: number | null) {
  return useQuery({
    queryKey: awardKeys.award(id ?? 0),
    queryFn: ({ signal }) => api<{ data: Award }>(`/awards/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** `POST /api/awards/{id}/withdraw`: the giver takes back a waiting award; its reservation returns. */
export function useWithdrawAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ data: Award }>(`/awards/${id}/withdraw`, { method: 'POST' }).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: awardKeys.given }),
        queryClient.invalidateQueries({ queryKey: awardKeys.budgets }),
      ]),
    meta: ownErrors,
  });
}

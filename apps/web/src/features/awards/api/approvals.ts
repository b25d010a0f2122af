import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { awardKeys } from './keys';
import type { ApprovalLink, Award, ListPage, PendingApproval } from './types';

export const APPROVALS_PAGE_SIZE = 20;

/** `GET /api/approvals`: the steps waiting for the caller, oldest first. */
export function usePendingApprovals(page: number, enabled = true) {
  return useQuery({
    queryKey: awardKeys.approvalsPage(page),
    queryFn: ({ signal }) => api<ListPage<PendingApproval>>('/approvals', { query: { page, pageSize: APPROVALS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Approve (`reason` undefined) or deny (with its reason) a step waiting for the caller. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, reason }: { stepId: number; reason?: string }) =>
      api<{ data: Award }>(`/approvals/${stepId}/${reason === undefined ? 'approve' : 'deny'}`, {
        method: 'POST',
        ...(reason === undefined ? {} : { body: { reason } }),
      }).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: awardKeys.approvals }),
    meta: ownErrors,
  });
}

/** `GET /api/approval-links/{token}`: what a signed link from an approval e-mail would do. */
export function useApprovalLink(token: string) {
  return useQuery({
    queryKey: awardKeys.link(token),
    queryFn: ({ signal }) => api<{ data: ApprovalLink }>(`/approval-links/${encodeURIComponent(token)}`, { signal }).then((r) => r.data),
  });
}

/** `POST /api/approval-links/{token}`: decides the link's step as its approver (once). */
export function useDecideLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason?: string }) =>
      api<{ data: ApprovalLink }>(`/approval-links/${encodeURIComponent(token)}`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: (link) => queryClient.setQueryData(awardKeys.link(token), link),
    meta: ownErrors,
  });
}

import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { api, downloadFile } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import type { AuditEntry, AuditFilters, AuditVerification } from './types';

export const AUDIT_PAGE_SIZE = 20;

/** The page's filters: the API's, all optional, and the page. */
export type AuditListFilters = Partial<AuditFilters> & { page: number };

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditListFilters) => ['audit', 'list', filters] as const,
};

/** `GET /api/audit`: newest first, paged, by days, action, record and store. */
export const auditListOptions = (filters: AuditListFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => {
      const { page, ...rest } = filters;
      return api<ListResponse<AuditEntry>>('/audit', { query: { ...rest, page, pageSize: AUDIT_PAGE_SIZE }, signal });
    },
  });

export function useAuditList(filters: AuditListFilters) {
  return useQuery({ ...auditListOptions(filters), placeholderData: keepPreviousData });
}

/** `GET /api/audit/verify`: seals what is waiting, then checks the whole chain. */
export function useVerifyAudit() {
  return useMutation({
    mutationFn: () => api<{ data: AuditVerification }>('/audit/verify').then((r) => r.data),
    meta: ownErrors,
  });
}

/** `GET /api/audit/export`: the entries that match, as CSV with headings in the reader's language. */
export function useExportAudit() {
  return useMutation({
    mutationFn: (filters: Partial<AuditFilters>) =>
      downloadFile('/audit/export', `audit-${new Date().toISOString().slice(0, 10)}.csv`, { ...filters, format: 'csv' }),
    meta: ownErrors,
  });
}

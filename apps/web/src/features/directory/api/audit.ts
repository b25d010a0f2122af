import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { directoryKeys, type AuditFilters } from './keys';
import type { DirectoryAuditItem } from './types';

export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/directory/audit`: what SCIM and the syncs changed, newest first, by source. */
export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: directoryKeys.audit(filters),
    queryFn: ({ signal }) =>
      api<ListResponse<DirectoryAuditItem>>('/directory/audit', {
        query: { page: filters.page, pageSize: AUDIT_PAGE_SIZE, source: filters.source },
        signal,
      }),
  });

export function useDirectoryAudit(filters: AuditFilters) {
  return useQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
}

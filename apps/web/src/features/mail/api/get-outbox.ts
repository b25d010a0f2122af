import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { MailStatus, OutboxMessage } from '@rewards/shared/mail';
import { api } from '@/lib/api';

export interface OutboxFilters {
  page: number;
  status?: MailStatus;
}

/** `GET /api/mail/outbox`: the e-mail outbox, newest first, by status. */
export const outboxQueryOptions = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: ['mail', 'outbox', filters],
    queryFn: () =>
      api<ListResponse<OutboxMessage>>('/mail/outbox', { query: { page: filters.page, pageSize: 20, status: filters.status } }),
    placeholderData: keepPreviousData,
  });

export function useOutbox(filters: OutboxFilters) {
  return useQuery(outboxQueryOptions(filters));
}

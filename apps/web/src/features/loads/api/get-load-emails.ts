import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { LoadEmail, LoadEmailsQuery } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { loadKeys } from './keys';

export const loadEmailsQueryOptions = (query: LoadEmailsQuery) =>
  queryOptions({
    queryKey: loadKeys.emails(query),
    queryFn: () => api<ListResponse<LoadEmail>>('/loads/emails', { query }),
    placeholderData: keepPreviousData,
  });

/** A load's e-mails: credited, then refused with their reason. */
export function useLoadEmails(query: LoadEmailsQuery) {
  return useQuery(loadEmailsQueryOptions(query));
}

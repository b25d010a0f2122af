import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MovementLine } from '@rewards/shared/points';
import { api, downloadFile } from '@/lib/api';

export interface AccountStatistics {
  user: { id: number };
  balance: number;
  earned: number;
  spent: number;
  expired: number;
  /** First day of the program year the figures cover. */
  since: string;
}

export interface MovementList {
  data: MovementLine[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/** A period of whole days (YYYY-MM-DD); either end may be open. */
export interface Period {
  from?: string;
  to?: string;
}

export function useAccountStatistics() {
  return useQuery({
    queryKey: ['account', 'statistics'],
    queryFn: async () => (await api<{ data: AccountStatistics }>('/accounts/statistics')).data,
  });
}

export function useMyMovements(period: Period, page: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['account', 'movements', period, page],
    queryFn: () => api<MovementList>('/accounts/myMovements', { query: { ...period, page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
}

/** The statement PDF of the period, in the user's language. */
export function downloadStatement(period: Period) {
  const name = ['statement', period.from, period.to].filter(Boolean).join('_');
  return downloadFile('/accounts/myMovements', `${name}.pdf`, { ...period, format: 'pdf' });
}

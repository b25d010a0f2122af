import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MOVEMENTS_PAGE_SIZE } from '@rewards/shared/pages';
import type { MovementList, MovementPeriod } from '@rewards/shared/points';
import { api } from '@/lib/api';
import { pointsKeys } from './keys';

export const myMovementsQueryOptions = (period: MovementPeriod, page: number) =>
  queryOptions({
    queryKey: pointsKeys.movements(period, page),
    queryFn: () => api<MovementList>('/accounts/myMovements', { query: { ...period, page, pageSize: MOVEMENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** The session user's movements in a period, 10 a page. */
export function useMyMovements(period: MovementPeriod, page: number, enabled = true) {
  return useQuery({ ...myMovementsQueryOptions(period, page), enabled });
}

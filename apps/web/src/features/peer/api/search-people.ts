import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { peerKeys } from './keys';
import type { PersonOption } from './types';

/** At most this many people a search shows. */
export const PEOPLE_LIMIT = 8;

/** `GET /api/people?q=&limit=`: active colleagues of any office by name or e-mail (never the reader). */
export const peopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: peerKeys.people(q),
    queryFn: ({ signal }) => api<{ data: PersonOption[] }>('/people', { query: { q, limit: PEOPLE_LIMIT }, signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export function usePeople(q: string) {
  return useQuery({ ...peopleQueryOptions(q.trim()), enabled: q.trim().length > 0, placeholderData: keepPreviousData });
}

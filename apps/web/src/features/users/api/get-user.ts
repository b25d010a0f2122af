import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { usersQueryKey } from './get-users';

/** `GET /api/users/one/{id}`: one user of the stores one runs, with a fresh balance. */
export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'one', id],
    queryFn: async () => (await api<{ data: UserDetail }>(`/users/one/${id}`)).data,
  });

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}

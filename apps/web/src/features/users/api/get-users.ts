import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { UserListItem, UserListQuery } from '@rewards/shared/users';
import { api } from '@/lib/api';

/** Every users query starts with this key: a change to a user invalidates them all. */
export const usersQueryKey = ['users'] as const;

/** `GET /api/users/all/?{filters}`: the users of the stores one runs, filtered by store, role, active and search. */
export const usersQueryOptions = (query: Partial<UserListQuery>) =>
  queryOptions({
    queryKey: [...usersQueryKey, query],
    queryFn: () => api<ListResponse<UserListItem>>('/users/all/', { query }),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: Partial<UserListQuery>) {
  return useQuery(usersQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { UserListItem, UserListQuery } from '@rewards/shared/users';
import { api } from '@/lib/api';

export const usersQueryOptions = (query: Partial<UserListQuery>) =>
  queryOptions({
    queryKey: ['users', query],
    queryFn: () => api<ListResponse<UserListItem>>('/users/all/', { query }),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: Partial<UserListQuery>) {
  return useQuery(usersQueryOptions(query));
}

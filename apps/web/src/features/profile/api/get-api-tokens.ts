import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@rewards/shared/users';
import { api } from '@/lib/api';

/** `GET /api/users/tokens`: the session user's personal API tokens, newest first (never their secrets). */
export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['api-tokens'],
    queryFn: async () => (await api<{ data: ApiToken[] }>('/users/tokens')).data,
  });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

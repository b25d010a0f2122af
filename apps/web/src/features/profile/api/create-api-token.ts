import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreate, ApiTokenCreated } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { apiTokensQueryOptions } from './get-api-tokens';

/**
 * `POST /api/users/tokens`: a new personal API token. The answer carries the secret this once; it goes to
 * the caller, never to the query cache (the list reloads without it).
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ApiTokenCreate) =>
      (await api<{ data: ApiTokenCreated }>('/users/tokens', { method: 'POST', body: values })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
    meta: ownErrors,
  });
}

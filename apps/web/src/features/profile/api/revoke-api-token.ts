import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { apiTokensQueryOptions } from './get-api-tokens';

/** `DELETE /api/users/tokens/{id}`: revokes one of the session user's tokens; the list reloads. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api<{ data: ApiToken }>(`/users/tokens/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Load, LoadCreate } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { loadKeys } from './keys';

/**
 * Confirms a load. The wizard keeps one Idempotency-Key per attempt, so a retry after a lost answer
 * returns the first load instead of crediting twice.
 */
export function useCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: LoadCreate; key: string }) =>
      api<{ data: Load }>('/loads', { method: 'POST', body, headers: { 'idempotency-key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.all }),
    meta: ownErrors,
  });
}

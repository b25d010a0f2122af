import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Challenge, ChallengeForm } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { challengeKeys } from './keys';

/** Create (no id: with the store) or edit a challenge; every challenges query reloads after. */
export function useSaveChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, storeId, values }: { id?: number; storeId: number; values: ChallengeForm }) =>
      id
        ? api<{ data: Challenge }>(`/challenges/${id}`, { method: 'PUT', body: values })
        : api<{ data: Challenge }>('/challenges', { method: 'POST', body: { ...values, storeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
    meta: ownErrors,
  });
}

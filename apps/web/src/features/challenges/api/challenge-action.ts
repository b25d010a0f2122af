import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Challenge } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { challengeKeys } from './keys';

export type ChallengeAction = 'activate' | 'deactivate' | 'delete';

/** Activate (one per store: ALREADY_ACTIVE), deactivate or delete a challenge; the list reloads after each. */
export function useChallengeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ChallengeAction }) =>
      action === 'delete'
        ? api<{ data: Challenge }>(`/challenges/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Challenge }>(`/challenges/${action}/${id}`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
    meta: ownErrors,
  });
}

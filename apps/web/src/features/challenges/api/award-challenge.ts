import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeAward, ChallengeAwardResult } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { challengeKeys } from './keys';

/**
 * Credits a challenge's winners (POST /api/loads/challenge). The panel keeps one Idempotency-Key per
 * attempt, so a retry after a lost answer returns the first award instead of being refused.
 */
export function useAwardChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ChallengeAward; key: string }) =>
      api<{ data: ChallengeAwardResult }>('/loads/challenge', { method: 'POST', body, headers: { 'idempotency-key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
    meta: ownErrors,
  });
}

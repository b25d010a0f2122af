import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeAnswers, ChallengeSubmission } from '@rewards/shared/challenges';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { challengeKeys } from './keys';

/** Sends the user's one submission (POST /api/challenges/answers); their challenge reloads after. */
export function useSubmitAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChallengeAnswers) => api<{ data: ChallengeSubmission }>('/challenges/answers', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.mine }),
    meta: ownErrors,
  });
}

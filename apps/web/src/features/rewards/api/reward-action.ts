import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reward } from '@rewards/shared/rewards';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rewardKeys } from './get-rewards';

export type RewardAction = 'activate' | 'deactivate' | 'delete';

/** Activate, deactivate or delete a recognition (a used one cannot be deleted: REWARD_IN_USE). */
export function useRewardAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: RewardAction }) =>
      action === 'delete'
        ? api<{ data: Reward }>(`/rewards/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Reward }>(`/rewards/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
    meta: ownErrors,
  });
}

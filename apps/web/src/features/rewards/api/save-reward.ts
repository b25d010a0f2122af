import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reward, RewardForm } from '@rewards/shared/rewards';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rewardKeys } from './get-rewards';

/** Create (no id: with the store) or edit a recognition; every recognitions query reloads after. */
export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, storeId, values }: { id?: number; storeId: number; values: RewardForm }) =>
      id
        ? api<{ data: Reward }>(`/rewards/${id}`, { method: 'PUT', body: values })
        : api<{ data: Reward }>('/rewards', { method: 'POST', body: { ...values, storeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
    meta: ownErrors,
  });
}

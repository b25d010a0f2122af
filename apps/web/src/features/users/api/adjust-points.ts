import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userPointsResultSchema, userPointsSchema } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { usersQueryKey } from './get-users';

/**
 * `POST /api/users/points`: a load (positive) or an adjustment (negative, never below 0) of a user's
 * points by an administrator of their store; answers the new balance.
 */
export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof userPointsSchema>) =>
      api<z.output<typeof userPointsResultSchema>>('/users/points', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: ownErrors,
  });
}

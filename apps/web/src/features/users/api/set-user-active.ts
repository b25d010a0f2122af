import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { usersQueryKey } from './get-users';

/** `PUT /api/users/activate/{id}` or `PUT /api/users/deactivate/{id}` (deactivation ends the user's sessions at once). */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<{ data: UserDetail }>(`/users/${active ? 'activate' : 'deactivate'}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, UserRoleUpdate } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { usersQueryKey } from './get-users';

/** `PUT /api/users/{id}` with id, role and adminStores (super administrators). */
export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UserRoleUpdate & { id: number }) =>
      api<{ data: SessionUser }>(`/users/${update.id}`, { method: 'PUT', body: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: ownErrors,
  });
}

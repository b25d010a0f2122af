import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { usersQueryKey } from './get-users';

/** `PUT /api/users/is/{id}`: an administrator of the user's store corrects their IS (employee id); null clears it. */
export function useUpdateUserIs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is }: { id: number; is: string | null }) =>
      api<{ data: UserDetail }>(`/users/is/${id}`, { method: 'PUT', body: { is } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: ownErrors,
  });
}

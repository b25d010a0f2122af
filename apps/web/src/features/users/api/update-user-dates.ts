import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@rewards/shared/users';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { usersQueryKey } from './get-users';

/**
 * `PUT /api/users/{id}` with a person's birthday ('MM-DD', never a year) and hire date ('YYYY-MM-DD'); null
 * clears one (the administrators of their store, super administrators; docs/architecture.md A6.17).
 */
export function useUpdateUserDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, birthday, hireDate }: { id: number; birthday: string | null; hireDate: string | null }) =>
      api<{ data: SessionUser }>(`/users/${id}`, { method: 'PUT', body: { birthday, hireDate } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: ownErrors,
  });
}

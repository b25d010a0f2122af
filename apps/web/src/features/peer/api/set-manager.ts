import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/** `PUT /api/peer/users/{id}/manager`: a person's manager, or none (`null`); a cycle is refused (MANAGER_CYCLE). */
export function useSetManager(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (managerId: number | null) => api<unknown>(`/peer/users/${userId}/manager`, { method: 'PUT', body: { managerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
    meta: ownErrors,
  });
}

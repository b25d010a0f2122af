import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Store } from '@rewards/shared/stores';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { storesQueryOptions } from './get-stores';

export type StoreAction = 'activate' | 'deactivate' | 'delete';

/** `PUT /api/stores/activate|deactivate/{id}` and `DELETE /api/stores/delete/{id}`; every store list reloads. */
export function useStoreAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: StoreAction }) =>
      action === 'delete'
        ? api<{ data: Store }>(`/stores/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Store }>(`/stores/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryOptions().queryKey }),
    meta: ownErrors,
  });
}

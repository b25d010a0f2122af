import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Area } from '@rewards/shared/areas';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { areaKeys } from './get-areas';

export type AreaAction = 'activate' | 'deactivate' | 'delete';

/** Activate, deactivate or delete an area (one with recognitions cannot be deleted: AREA_NOT_EMPTY). */
export function useAreaAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: AreaAction }) =>
      action === 'delete'
        ? api<{ data: Area }>(`/areas/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Area }>(`/areas/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKeys.all }),
    meta: ownErrors,
  });
}

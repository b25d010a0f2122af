import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Area, AreaForm } from '@rewards/shared/areas';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { areaKeys } from './get-areas';

/** Create (no id: with the store) or edit an area; every areas query reloads after. */
export function useSaveArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, storeId, values }: { id?: number; storeId: number; values: AreaForm }) =>
      id
        ? api<{ data: Area }>(`/areas/${id}`, { method: 'PUT', body: values })
        : api<{ data: Area }>('/areas', { method: 'POST', body: { ...values, storeId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKeys.all }),
    meta: ownErrors,
  });
}

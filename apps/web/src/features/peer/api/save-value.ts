import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { peerKeys } from './keys';
import type { CompanyValue } from './types';

export interface ValueBody {
  name: string;
  nameEn: string;
  emoji: string | null;
  color: string | null;
  active?: boolean;
}

/** `POST /api/peer/stores/{storeId}/values` (a new one) or `PUT /api/peer/values/{id}` (an edit); every list of values is asked again. */
export function useSaveValue(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ValueBody }) =>
      api<{ data: CompanyValue }>(id ? `/peer/values/${id}` : `/peer/stores/${storeId}/values`, { method: id ? 'PUT' : 'POST', body }).then(
        (r) => r.data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerKeys.allValues }),
    meta: ownErrors,
  });
}

/** `DELETE /api/peer/values/{id}`: a value no recognition names; one in use is refused (VALUE_IN_USE: deactivate it instead). */
export function useDeleteValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/peer/values/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerKeys.allValues }),
    meta: ownErrors,
  });
}

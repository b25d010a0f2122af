import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Store, storeEditSchema } from '@rewards/shared/stores';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { storesQueryOptions } from './get-stores';

export type StoreValues = z.output<typeof storeEditSchema>;

/** `POST /api/stores` (new) or `PUT /api/stores/{id}` (edit, with `active`); every store list reloads. */
export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: StoreValues }) => {
      const { active, ...fields } = values;
      return id
        ? api<{ data: Store }>(`/stores/${id}`, { method: 'PUT', body: { ...fields, active } })
        : api<{ data: Store }>('/stores', { method: 'POST', body: fields });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storesQueryOptions().queryKey }),
    meta: ownErrors,
  });
}

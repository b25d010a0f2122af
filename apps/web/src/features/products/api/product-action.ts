import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { productKeys } from './keys';

export type ProductAction = 'activate' | 'deactivate' | 'delete';

/** Activate, deactivate or delete a product; the lists reload. */
export function useProductAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ProductAction }) =>
      action === 'delete'
        ? api<{ data: Product }>(`/products/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Product }>(`/products/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
    meta: ownErrors,
  });
}

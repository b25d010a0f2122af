import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@rewards/shared/categories';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { categoryKeys } from './keys';

export type CategoryAction = 'activate' | 'deactivate' | 'delete';

/** Activate, deactivate or delete a category; the lists reload. */
export function useCategoryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CategoryAction }) =>
      action === 'delete'
        ? api<{ data: Category }>(`/categories/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Category }>(`/categories/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    meta: ownErrors,
  });
}

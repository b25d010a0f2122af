import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@rewards/shared/categories';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { categoryKeys } from './keys';

/** Create (no id) or edit a category; the form carries the picture. Lists reload after. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Category }>(id ? `/categories/${id}` : '/categories', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    meta: ownErrors,
  });
}

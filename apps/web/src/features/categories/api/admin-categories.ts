import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@rewards/shared/categories';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';

export function useAdminCategories(query: { storeId: number; page?: number; pageSize?: number; search?: string; active?: boolean }) {
  return useQuery({
    queryKey: ['categories', 'admin', query],
    queryFn: () => api<ListResponse<Category>>('/categories/', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or edit a category; the form carries the picture. Lists reload after. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Category }>(id ? `/categories/${id}` : '/categories', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
    onError: () => undefined,
  });
}

export type CategoryAction = 'activate' | 'deactivate' | 'delete';
export function useCategoryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CategoryAction }) =>
      action === 'delete'
        ? api<{ data: Category }>(`/categories/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Category }>(`/categories/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
    onError: () => undefined,
  });
}

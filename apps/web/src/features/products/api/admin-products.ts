import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@rewards/shared/common';
import type { AdminProductListQuery, Product } from '@rewards/shared/products';
import { api } from '@/lib/api';

export function useAdminProducts(query: Partial<AdminProductListQuery> & { storeId: number }) {
  return useQuery({
    queryKey: ['products', 'admin', query],
    queryFn: () => api<ListResponse<Product>>('/productAdmin/', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or edit a product: fields and pictures travel as one form. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Product }>(id ? `/products/image/${id}` : '/products', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
    onError: () => undefined,
  });
}

export type ProductAction = 'activate' | 'deactivate' | 'delete';
export function useProductAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ProductAction }) =>
      action === 'delete'
        ? api<{ data: Product }>(`/products/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Product }>(`/products/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
    onError: () => undefined,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Banner } from '@rewards/shared/banners';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';

export function useAdminBanners(query: { storeId: number; page?: number; pageSize?: number }) {
  return useQuery({
    queryKey: ['banners', 'admin', query],
    queryFn: () => api<ListResponse<Banner>>('/banners/admin/', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Banner }>(id ? `/banners/${id}` : '/banners', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['banners'] }),
    onError: () => undefined,
  });
}

export type BannerAction = 'activate' | 'deactivate' | 'delete';
export function useBannerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BannerAction }) =>
      action === 'delete'
        ? api<{ data: Banner }>(`/banners/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Banner }>(`/banners/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['banners'] }),
    onError: () => undefined,
  });
}

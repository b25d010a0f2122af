import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner } from '@rewards/shared/banners';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { bannerKeys } from './keys';

export type BannerAction = 'activate' | 'deactivate' | 'delete';

/** Activate, deactivate or delete a banner; the lists reload. */
export function useBannerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BannerAction }) =>
      action === 'delete'
        ? api<{ data: Banner }>(`/banners/delete/${id}`, { method: 'DELETE' })
        : api<{ data: Banner }>(`/banners/${action}/${id}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
    meta: ownErrors,
  });
}

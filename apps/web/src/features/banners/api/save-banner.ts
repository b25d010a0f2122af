import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner } from '@rewards/shared/banners';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { bannerKeys } from './keys';

/** Create (no id) or edit a banner; the form carries the picture. */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Banner }>(id ? `/banners/${id}` : '/banners', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
    meta: ownErrors,
  });
}

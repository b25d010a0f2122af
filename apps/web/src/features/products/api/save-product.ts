import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@rewards/shared/products';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { productKeys } from './keys';

/** Create (no id) or edit a product: fields and pictures travel as one form. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      api<{ data: Product }>(id ? `/products/image/${id}` : '/products', { method: id ? 'PUT' : 'POST', body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
    meta: ownErrors,
  });
}

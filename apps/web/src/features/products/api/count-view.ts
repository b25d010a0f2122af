import { api } from '@/lib/api';

/** Counts one view of a product (the "most viewed" row); a failure is not the reader's concern. */
export function countView(productId: number) {
  return api(`/products/view/${productId}`, { method: 'POST' }).catch(() => undefined);
}

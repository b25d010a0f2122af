import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderEdit } from '@rewards/shared/orders';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';
import { orderKeys } from './keys';

/**
 * An administrator's edit of an order (`POST /api/orders/edit`). The same request keeps its
 * Idempotency-Key, so a retry after a lost answer replays the edit instead of moving points twice; a
 * changed request gets a new key.
 */
export function useEditOrder() {
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, string>());
  return useMutation({
    mutationFn: (body: OrderEdit) => {
      const fingerprint = JSON.stringify(body);
      let key = keys.current.get(fingerprint);
      if (!key) {
        key = globalThis.crypto.randomUUID();
        keys.current.set(fingerprint, key);
      }
      return api<{ data: Order }>('/orders/edit', { method: 'POST', body, headers: { 'idempotency-key': key } });
    },
    // The order, its timeline and the lists; the stock of the products it touched.
    onSuccess: () => Promise.all([orderKeys.all, rootKeys.products].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { peerKeys } from './keys';
import type { GiveBody, Recognition } from './types';

/**
 * `POST /api/recognitions` with an Idempotency-Key: the caller keeps the key across retries of the same
 * give (rules.ts, `idempotencyKeeper`), so a retry answers the first recognition instead of giving twice.
 * Afterwards the feeds and the allowance are asked again.
 */
export function useGive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: GiveBody; key: string }) =>
      api<{ data: Recognition }>('/recognitions', { method: 'POST', body, headers: { 'idempotency-key': key } }).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: peerKeys.allowance }),
      ]),
    meta: ownErrors,
  });
}

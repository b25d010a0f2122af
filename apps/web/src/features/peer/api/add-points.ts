import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { peerKeys } from './keys';
import type { Addon } from './types';

export interface AddPointsBody {
  points: number;
  message?: string;
}

/**
 * `POST /api/recognitions/{id}/addons` with an Idempotency-Key kept by the caller across retries: the reader
 * adds `points` to each recipient from their own allowance (never to a recognition they gave or received).
 */
export function useAddPoints(recognitionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AddPointsBody; key: string }) =>
      api<{ data: Addon }>(`/recognitions/${recognitionId}/addons`, { method: 'POST', body, headers: { 'idempotency-key': key } }).then(
        (r) => r.data,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.recognition(recognitionId) }),
        queryClient.invalidateQueries({ queryKey: peerKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: peerKeys.allowance }),
      ]),
    meta: ownErrors,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { peerKeys } from './keys';
import type { Comment } from './types';

/** `POST /api/recognitions/{id}/comments`: a comment by the reader on a recognition they can see. */
export function useAddComment(recognitionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api<{ data: Comment }>(`/recognitions/${recognitionId}/comments`, { method: 'POST', body: { message } }).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peerKeys.recognition(recognitionId) }),
        queryClient.invalidateQueries({ queryKey: peerKeys.feeds }),
      ]),
    meta: ownErrors,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { peerKeys } from './keys';
import type { Recognition } from './types';

/**
 * `GET /api/recognitions/{id}`: one recognition with every comment; null when the reader may not see it (or
 * it does not exist: 404), an answer the page shows, not a failure.
 */
export const recognitionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: peerKeys.recognition(id),
    queryFn: ({ signal }) =>
      api<{ data: Recognition }>(`/recognitions/${id}`, { signal }).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    staleTime: 30_000,
  });

export function useRecognition(id: number) {
  return useQuery({ ...recognitionQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

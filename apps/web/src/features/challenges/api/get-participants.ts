import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeParticipant } from '@rewards/shared/challenges';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { challengeKeys } from './keys';

/** Who answered a challenge, with their answers (GET /api/challenges/participants). */
export const participantsQueryOptions = (query: { challengeId: number; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: challengeKeys.participants(query),
    queryFn: ({ signal }) => api<ListResponse<ChallengeParticipant>>('/challenges/participants', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export function useParticipants(query: { challengeId: number; page: number; pageSize: number }) {
  return useQuery(participantsQueryOptions(query));
}

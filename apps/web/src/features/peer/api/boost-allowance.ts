import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

export interface BoostBody {
  points: number;
  note?: string;
}

/** `POST /api/peer/users/{id}/allowance-boosts`: more to give for a person, until the end of the program year. */
export function useBoostAllowance(userId: number) {
  return useMutation({
    mutationFn: (body: BoostBody) => api<unknown>(`/peer/users/${userId}/allowance-boosts`, { method: 'POST', body }),
    meta: ownErrors,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@rewards/shared/users';
import { api } from '@/lib/api';

/** `GET /api/users/profile`: the signed-in user's own record (docs/architecture.md P3, session user). */
export async function getProfile(): Promise<SessionUser> {
  return (await api<{ data: SessionUser }>('/users/profile')).data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

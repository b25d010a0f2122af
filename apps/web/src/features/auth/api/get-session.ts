import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@rewards/shared/users';
import { api } from '@/lib/api';

/** The session check of SPEC.md section 4: the session user, or null when signed out or expired. */
export async function getSession(): Promise<SessionUser | null> {
  return (await api<{ data: SessionUser | null }>('/auth/session')).data;
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: false });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@rewards/shared/users';
import { api, ApiError } from '@/lib/api';

/** The session check of SPEC.md section 4: the session user, or null when signed out. */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const res = await api<{ data: SessionUser }>('/users/profile/', { allowUnauthorized: true });
    return res.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: false });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorCode } from '@rewards/shared/errors';
import type { SessionUser } from '@rewards/shared/users';
import { api, ApiError, reportUnauthorized } from '@/lib/api';
import { setUserTimeZone } from '@/lib/format';

/**
 * The session check of docs/architecture.md P4: the session user, or null when signed out or expired. The server
 * answers 200 with the reason (SESSION_EXPIRED, USER_INACTIVE) rather than 401; it is reported like a 401,
 * so a session that ended while the app believed it open sends the user to /login with the message.
 */
export async function getSession(): Promise<SessionUser | null> {
  const res = await api<{ data: SessionUser | null; reason?: string }>('/auth/session');
  // Dates show in the zone of the user's saved position (the browser's without one), from this answer on.
  setUserTimeZone(res.data?.timeZone);
  if (!res.data) {
    // Shaped as lib/api.ts reads error codes (the message table stays out of the first paint); an unknown
    // code reads as an expired session (sessionEndedCode).
    const code = res.reason && /^[A-Z][A-Z_]+$/.test(res.reason) ? (res.reason as ErrorCode) : 'UNAUTHENTICATED';
    reportUnauthorized(new ApiError(401, code, res.reason ?? 'signed out'));
  }
  return res.data;
}

export const sessionQueryKey = ['session'] as const;
/**
 * Why the session the app believed open ended (a session code), kept beside it until the next sign-in: a
 * protected page that notices the missing session before the trip to /login has landed sends the reader there
 * with the same reason, whichever of the two navigations wins.
 */
export const sessionEndedQueryKey = ['session', 'ended'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 60_000,
    retry: false,
    // Coming back to the tab checks the session again (one small GET): a sign-out elsewhere shows at once.
    refetchOnWindowFocus: 'always',
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

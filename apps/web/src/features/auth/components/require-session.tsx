import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isAdminRole } from '@rewards/shared/enums';
import { sessionEndedQueryKey, useSession } from '../api/get-session';

/** Pages for signed-in users (and, with `admin`, for roles 2 and 3 only). */
export function RequireSession({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  const ended = useQueryClient().getQueryData<string>(sessionEndedQueryKey);
  if (session.isPending) return <div className="min-h-[40vh]" aria-busy="true" />;
  if (!session.data) {
    // A session that ended while in use: /login says why (sign-in-effects.tsx records the reason).
    const query = new URLSearchParams({ ...(ended ? { error: ended } : {}), returnTo: location.pathname + location.search });
    return <Navigate to={`/login?${query}`} replace />;
  }
  if (admin && !isAdminRole(session.data.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

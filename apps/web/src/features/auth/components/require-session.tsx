import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAdminRole } from '@rewards/shared/enums';
import { useSession } from '../api/get-session';

/** Pages for signed-in users (and, with `admin`, for roles 2 and 3 only). */
export function RequireSession({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <div className="min-h-[40vh]" aria-busy="true" />;
  if (!session.data) return <Navigate to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (admin && !isAdminRole(session.data.role)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

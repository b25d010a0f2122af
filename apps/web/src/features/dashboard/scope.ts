import { Role } from '@rewards/shared/enums';

/** The value of `?store=` that means every store. */
export const ALL_STORES = 'all';

/**
 * Which store the dashboard shows, from `?store=`: a super administrator sees every store unless they
 * name one; an administrator sees the named store when it is theirs, else their first one.
 * `null`: every store; `undefined`: nothing to show (an administrator without stores).
 */
export function dashboardScope(param: string | null, user: { role: number; adminStores: number[] }): number | null | undefined {
  const named = param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
  if (user.role === Role.SuperAdmin) return named ?? null;
  return named !== undefined && user.adminStores.includes(named) ? named : user.adminStores[0];
}

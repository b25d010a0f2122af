import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportContact } from '@rewards/shared/users';
import { api } from '@/lib/api';

/** `GET /api/auth/support`: where people ask for help signing in (SUPPORT_CONTACT), or null when not configured. */
export const supportQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'support'] as const,
    queryFn: async () => (await api<{ data: SupportContact }>('/auth/support')).data.contact,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSupportContact() {
  return useQuery(supportQueryOptions());
}

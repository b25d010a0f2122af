import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactOption } from '@rewards/shared/profile';
import { api } from '@/lib/api';

/** `GET /api/userPreferences/contactPreferences`: Teams, e-mail (Correo), each with whether it is available here. */
export const contactPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['userPreferences', 'contactPreferences'],
    queryFn: async () => (await api<{ data: ContactOption[] }>('/userPreferences/contactPreferences')).data,
    staleTime: Infinity,
  });

export function useContactPreferences() {
  return useQuery(contactPreferencesQueryOptions());
}

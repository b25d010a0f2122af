import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogOption } from '@rewards/shared/profile';
import { api } from '@/lib/api';

/** `GET /api/userPreferences/contactPreferences`: Teams, e-mail (Correo). */
export const contactPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['userPreferences', 'contactPreferences'],
    queryFn: async () => (await api<{ data: CatalogOption[] }>('/userPreferences/contactPreferences')).data,
    staleTime: Infinity,
  });

export function useContactPreferences() {
  return useQuery(contactPreferencesQueryOptions());
}

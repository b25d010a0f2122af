import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileForm, UserPreferences } from '@rewards/shared/profile';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { preferencesQueryOptions } from './get-preferences';

/**
 * `POST /api/users/profile`. Choosing another store changes the whole shop (catalogue, cart, header),
 * so every query reloads then; otherwise only the preferences.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ProfileForm) =>
      (await api<{ data: UserPreferences }>('/users/profile', { method: 'POST', body: values })).data,
    onSuccess: async (saved, values) => {
      queryClient.setQueryData(preferencesQueryOptions().queryKey, saved);
      if (values.storeId !== undefined) await queryClient.invalidateQueries();
    },
    meta: ownErrors,
  });
}

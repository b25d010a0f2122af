import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPreferences } from '@rewards/shared/profile';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { rootKeys } from '@/lib/query-keys';
import { preferencesQueryOptions } from './get-preferences';

/** `DELETE /api/users/profile/position`: forgets the saved position; times go back to the browser's zone. */
export function useForgetPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ data: UserPreferences }>('/users/profile/position', { method: 'DELETE' })).data,
    onSuccess: (preferences) => {
      queryClient.setQueryData(preferencesQueryOptions().queryKey, preferences);
      return queryClient.invalidateQueries({ queryKey: rootKeys.session });
    },
    meta: ownErrors,
  });
}

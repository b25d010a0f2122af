import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function logout() {
  return api<{ data: { signedOut: true } }>('/auth/logout', { method: 'POST', allowUnauthorized: true });
}

/** Signs out and resets every cached query (SPEC.md section 4: logout resets all state). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      queryClient.clear();
    },
  });
}

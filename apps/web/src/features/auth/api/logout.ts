import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { api, ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useUiState } from '@/components/ui/ui-state';
import { sessionQueryKey } from './get-session';

/** `POST /api/auth/logout`; a 401 means the session had already ended, which is what was asked. */
export async function logout(): Promise<void> {
  try {
    await api<{ data: { signedOut: true } }>('/auth/logout', { method: 'POST', allowUnauthorized: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return;
    throw err;
  }
}

/**
 * Sign-out as an explicit action (a button, never a page load): the POST, then every cached query is reset
 * (docs/architecture.md P4: logout resets all state) and the user lands on the home page with a toast.
 * A failure leaves the user signed in and says so.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { withLoading } = useUiState();
  return useMutation({
    mutationFn: () => withLoading(logout()),
    onSuccess: () => {
      void navigate('/', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      toast.success(t('logout.done'));
    },
    onError: (error) => toast.error(errorText(t, error)),
  });
}

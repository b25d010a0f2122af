import type { ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import i18n from '@/lib/i18n';
import { UiStateProvider, useUiState } from '@/components/ui/ui-state';
import { Toasts } from '@/lib/toast';

/**
 * The global handler of docs/architecture.md P8, for the unexpected only: 400 and 401 say nothing here
 * (forms and the session handle them); anything else shows an 'Alerta' with the server's message.
 */
function createQueryClient(showAlert: (message: string, severity: 'info', title: string) => void) {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return;
    showAlert(errorText(i18n.t, error), 'info', i18n.t('alertTitle'));
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    // A mutation with its own onError, or `meta: ownErrors`, shows its failures where they happen.
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => (mutation.options.onError || mutation.meta?.ownErrors ? undefined : onError(error)),
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let client: QueryClient | null = null;
function QueryProvider({ children }: { children: ReactNode }) {
  const { showAlert } = useUiState();
  client ??= createQueryClient(showAlert);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <UiStateProvider>
      <QueryProvider>
        {children}
        <Toasts />
      </QueryProvider>
    </UiStateProvider>
  );
}

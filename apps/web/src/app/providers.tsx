import { useEffect, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import i18n from '@/lib/i18n';
import { NotPreloaded } from '@/lib/page-data';
import { UiStateProvider, useUiState } from '@/components/ui/ui-state';
import { Toasts } from '@/lib/toast';
import { isFreshFirstData } from './first-data';

type ShowAlert = (message: string, severity: 'info', title: string) => void;
let showAlert: ShowAlert | null = null;

/**
 * The global handler of docs/architecture.md P8, for the unexpected only: 400 and 401 say nothing here
 * (forms and the session handle them); anything else shows an 'Alerta' with the server's message.
 */
function createQueryClient() {
  const onError = (error: unknown) => {
    if (error instanceof NotPreloaded || (error instanceof ApiError && (error.status === 400 || error.status === 401))) return;
    showAlert?.(errorText(i18n.t, error), 'info', i18n.t('alertTitle'));
  };
  return new QueryClient({
    // A read about a store the administrator does not run is answered by the page itself, which says so and
    // lists their stores (StoreAccess, app/layouts/components/store-access.tsx): no alert over it.
    queryCache: new QueryCache({
      onError: (error) => (error instanceof ApiError && error.code === 'FORBIDDEN_STORE' ? undefined : onError(error)),
    }),
    // A mutation with its own onError, or `meta: ownErrors`, shows its failures where they happen.
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => (mutation.options.onError || mutation.meta?.ownErrors ? undefined : onError(error)),
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(error instanceof NotPreloaded) && !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // An answer that came with the page is not asked for again as its page mounts.
        refetchOnMount: (query) => !isFreshFirstData(query),
      },
    },
  });
}

/** The app's one query cache; a page's first data goes into it before the first render (app/first-data.ts). */
export const queryClient = createQueryClient();

function QueryProvider({ children }: { children: ReactNode }) {
  const ui = useUiState();
  useEffect(() => {
    showAlert = ui.showAlert;
  }, [ui.showAlert]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
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

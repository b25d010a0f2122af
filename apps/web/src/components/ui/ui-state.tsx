import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_MS } from '@rewards/shared/constants';
import { useTranslation } from '@/lib/use-translation';

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';
interface Alert {
  id: number;
  title?: string;
  message: string;
  severity: AlertSeverity;
}

interface UiState {
  /** Shows the global loading overlay while the promise runs. */
  withLoading<T>(work: Promise<T>): Promise<T>;
  /** An alert that clears itself after 4000 ms (docs/architecture.md P9). */
  showAlert(message: string, severity?: AlertSeverity, title?: string): void;
}

const UiStateContext = createContext<UiState | null>(null);

export function useUiState(): UiState {
  const value = useContext(UiStateContext);
  if (!value) throw new Error('useUiState outside UiStateProvider');
  return value;
}

const severityStyles: Record<AlertSeverity, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-rose-300 bg-rose-50 text-rose-900',
};

export function UiStateProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(0);
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const withLoading = useCallback(async <T,>(work: Promise<T>) => {
    setLoading((n) => n + 1);
    try {
      return await work;
    } finally {
      setLoading((n) => n - 1);
    }
  }, []);

  const showAlert = useCallback((message: string, severity: AlertSeverity = 'success', title?: string) => {
    const id = nextId.current++;
    setAlerts((list) => [...list, { id, message, severity, title }]);
    setTimeout(() => setAlerts((list) => list.filter((a) => a.id !== id)), ALERT_MS);
  }, []);

  const value = useMemo(() => ({ withLoading, showAlert }), [withLoading, showAlert]);

  return (
    <UiStateContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
        {alerts.map((a) => (
          <div
            key={a.id}
            role="alert"
            className={`pointer-events-auto w-full max-w-lg rounded-lg border px-4 py-3 text-sm shadow ${severityStyles[a.severity]}`}
          >
            {a.title && <p className="font-semibold">{a.title}</p>}
            <p>{a.message}</p>
          </div>
        ))}
      </div>
      {loading > 0 && (
        <div
          className="fixed inset-0 z-40 grid place-items-center bg-white/60 backdrop-blur-[1px]"
          role="status"
          aria-live="polite"
          data-testid="loading-overlay"
        >
          <span className="h-10 w-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-700" aria-hidden="true" />
          <span className="sr-only">{t('loading')}</span>
        </div>
      )}
    </UiStateContext.Provider>
  );
}

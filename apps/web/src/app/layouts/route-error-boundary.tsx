import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';

/**
 * What a page shows when it breaks unexpectedly (a render error, a chunk that failed to load):
 * docs/architecture.md P8's 'Alerta' with the message, and a way to reload. The layout's header stays usable.
 */
export function RouteErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div role="alert" className="rounded-xl border border-sky-300 bg-sky-50 p-5 text-sky-900" data-testid="route-error">
        <h1 className="text-lg font-semibold">{t('alertTitle')}</h1>
        <p className="mt-1">{errorText(t, error)}</p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      </div>
    </div>
  );
}

type State = { failed: false } | { failed: true; error: unknown };

class Boundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // Going to another page leaves the broken one behind.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorFallback error={this.state.error} /> : this.props.children;
  }
}

/** The error boundary of a layout's pages: wraps its <Outlet />, and clears when the path changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}

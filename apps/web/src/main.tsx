import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { i18nReady } from '@/lib/i18n';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';

// Texts of the user's language first (one small request), then the app.
// The first render runs as a transition: React yields to the browser between slices of work.
void i18nReady.finally(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <AppProviders>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppProviders>
        </Suspense>
      </StrictMode>,
    ),
  );
});

import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { i18nReady } from '@/lib/i18n';
import { seedFirstData } from '@/app/first-data';
import { AppProviders, queryClient } from '@/app/providers';
import { AppRoutes, preloadPage } from '@/app/router';

// Texts of the user's language, the page this visit opens on and its first data (all came with the HTML),
// then the app. The first render runs as a transition: React yields to the browser between slices of work.
void Promise.all([i18nReady, preloadPage(location.pathname)])
  .then(([, page]) => seedFirstData(queryClient, page))
  .finally(() => {
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

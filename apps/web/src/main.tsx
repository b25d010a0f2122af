import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './index.css';
import { i18nReady } from '@/lib/i18n';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';

// Texts of the user's language first (one small request), then the app.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense fallback={null}>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </Suspense>
    </StrictMode>,
  );
});

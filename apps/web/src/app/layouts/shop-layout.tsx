import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignInEffects } from '@/features/auth/components/sign-in-effects';
import { useSession } from '@/features/auth/api/get-session';
import { NearestStoreEffect } from '@/features/profile/components/nearest-store-effect';
import { ShopFooter } from './components/shop-footer';
import { ShopHeader } from './components/shop-header';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';

export function ShopLayout() {
  const session = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <SignInEffects />
      <NearestStoreEffect userId={session.data?.id} />
      <ShopHeader />
      {/* At least a screen tall: the footer starts below the fold, so nothing it does while a page's
          lists load moves what is on screen (docs/decisions/0028-light-first-paint.md). */}
      <main className="min-h-svh flex-1" id="main">
        <RouteErrorBoundary>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <ShopFooter />
    </div>
  );
}

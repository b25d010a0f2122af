import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignInEffects } from '@/features/auth/components/sign-in-effects';
import { useSession } from '@/features/auth/api/get-session';
import { useIdle } from '@/lib/use-idle';
import { ShopFooter } from './components/shop-footer';
import { ShopHeader } from './components/shop-header';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';

/** Asks for the position only once the page has settled: neither its code nor the prompt is part of the first paint. */
const NearestStoreEffect = lazy(() =>
  import('@/features/profile/components/nearest-store-effect').then((m) => ({ default: m.NearestStoreEffect })),
);

export function ShopLayout() {
  const session = useSession();
  const settled = useIdle(1_000);
  return (
    <div className="flex min-h-screen flex-col">
      <SignInEffects />
      {settled && session.data && (
        <Suspense fallback={null}>
          <NearestStoreEffect userId={session.data.id} />
        </Suspense>
      )}
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

import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SignInEffects } from '@/features/auth/components/sign-in-effects';
import { useSession } from '@/features/auth/api/get-session';
import { requestPosition, type BrowserPosition } from '@/lib/geolocation';
import { useIdle } from '@/lib/use-idle';
import { ShopFooter } from './components/shop-footer';
import { ShopHeader } from './components/shop-header';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';

/** Loaded once the page has settled and the browser gave a position: without one there is nothing for it to do. */
const NearestStoreEffect = lazy(() =>
  import('@/features/profile/components/nearest-store-effect').then((m) => ({ default: m.NearestStoreEffect })),
);

/** The browser's position (asked for once per visit, SignInEffects asks on mount) once `wanted`, else null. */
function useKnownPosition(wanted: boolean): BrowserPosition | null {
  const [position, setPosition] = useState<BrowserPosition | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void requestPosition().then((p) => !cancelled && setPosition(p));
    return () => {
      cancelled = true;
    };
  }, [wanted]);
  return position;
}

export function ShopLayout() {
  const session = useSession();
  const settled = useIdle(1_000);
  const position = useKnownPosition(settled && !!session.data);
  return (
    <div className="flex min-h-screen flex-col">
      <SignInEffects />
      {position && session.data && (
        <Suspense fallback={null}>
          <NearestStoreEffect userId={session.data.id} position={position} />
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

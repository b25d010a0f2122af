import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignInEffects } from '@/features/auth/components/sign-in-effects';
import { ShopFooter } from './components/shop-footer';
import { ShopHeader } from './components/shop-header';
import { RouteFallback } from './route-fallback';

export function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SignInEffects />
      <ShopHeader />
      <main className="flex-1" id="main">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <ShopFooter />
    </div>
  );
}

import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession } from '@/features/auth/components/require-session';
import { AdminLayout } from './layouts/admin-layout';
import { ShopLayout } from './layouts/shop-layout';

type PageModule = { default: React.ComponentType };
/** Pages are lazy-loaded: each route is its own chunk. */
const lazy = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
const signedIn = (load: () => Promise<PageModule>) => async () => {
  const Page = (await load()).default;
  return {
    Component: () => (
      <RequireSession>
        <Page />
      </RequireSession>
    ),
  };
};

export const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
    children: [
      { index: true, lazy: lazy(() => import('./routes/home')) },
      { path: 'login', lazy: lazy(() => import('./routes/login')) },
      { path: 'logout', lazy: lazy(() => import('./routes/logout')) },
      { path: 'results/:searchText', lazy: lazy(() => import('./routes/results')) },
      { path: 'category/:categorySlug', lazy: lazy(() => import('./routes/category')) },
      { path: 'product', lazy: lazy(() => import('./routes/product')) },
      { path: 'about', lazy: lazy(() => import('./routes/about')) },
      { path: 'faq', lazy: lazy(() => import('./routes/faq')) },
      { path: 'cart', lazy: signedIn(() => import('./routes/cart')) },
      { path: 'wishlist', lazy: signedIn(() => import('./routes/wishlist')) },
      { path: 'notifications', lazy: signedIn(() => import('./routes/notifications')) },
      { path: 'myOrders', lazy: signedIn(() => import('./routes/my-orders')) },
      { path: 'myProfile', lazy: signedIn(() => import('./routes/my-profile')) },
      { path: 'account', lazy: signedIn(() => import('./routes/account')) },
      { path: 'challenge', lazy: signedIn(() => import('./routes/challenge')) },
      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
  {
    path: 'admin',
    element: <AdminLayout />,
    children: [
      { index: true, lazy: lazy(() => import('./routes/admin/dashboard')) },
      { path: 'orders', lazy: lazy(() => import('./routes/admin/orders')) },
      { path: 'orders/:id', lazy: lazy(() => import('./routes/admin/orders')) },
      { path: 'inventory/:storeId', lazy: lazy(() => import('./routes/admin/inventory')) },
      { path: 'rewards/:storeId', lazy: lazy(() => import('./routes/admin/rewards')) },
      { path: 'loads/report/:id', lazy: lazy(() => import('./routes/admin/loads')) },
      { path: 'loads/consolidated/:id', lazy: lazy(() => import('./routes/admin/loads')) },
      { path: 'loads/:id', lazy: lazy(() => import('./routes/admin/loads')) },
      { path: 'banners/:storeId', lazy: lazy(() => import('./routes/admin/banners')) },
      { path: 'challenge/:storeId', lazy: lazy(() => import('./routes/admin/challenges')) },
      { path: 'users', lazy: lazy(() => import('./routes/admin/users')) },
      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { RequireSession } from '@/features/auth/components/require-session';
import type { FirstData } from './first-data';
import { RouteErrorBoundary } from './layouts/route-error-boundary';
import { ShopLayout } from './layouts/shop-layout';

/**
 * Pages are lazy-loaded: each route is its own chunk (declarative routes keep the shell small). The page
 * a visit opens on is loaded before the first render (`preloadPage`; the server names its chunks in the
 * HTML, so they arrive with the entry) with its first data (app/first-data.ts): it renders at once,
 * complete, without a fallback or a skeleton in between.
 */
type Module = { default: ComponentType; firstData?: FirstData };
type Page = ComponentType & { load: () => Promise<Module> };
const pages: { path: string; page: Page }[] = [];
function page(path: string | null, load: () => Promise<Module>): Page {
  let module: Module | null = null;
  let loading: Promise<Module> | null = null;
  const start = () => (loading ??= load().then((m) => (module = m)));
  // Already loaded: a thenable that answers at once, so React.lazy renders it without suspending.
  const loaded = (m: Module) => ({ then: (resolve: (m: Module) => void) => resolve(m) }) as unknown as Promise<Module>;
  const Page = Object.assign(
    lazy(() => (module ? loaded(module) : start())),
    { load: start },
  );
  if (path) pages.push({ path, page: Page });
  return Page;
}

/**
 * Loads the page `pathname` opens (its chunks came with the HTML); answers what it asks first and the
 * route's parameters, or undefined for a page that is not preloaded.
 */
export async function preloadPage(
  pathname: string,
): Promise<{ firstData?: FirstData; params: Record<string, string | undefined> } | undefined> {
  for (const p of pages) {
    const match = matchPath(p.path, pathname);
    if (match)
      return p.page.load().then(
        (m) => ({ firstData: m.firstData, params: match.params }),
        () => undefined,
      );
  }
  return undefined;
}

const Home = page('/', () => import('./routes/home'));
const Login = page('/login', () => import('./routes/login'));
const Logout = page('/logout', () => import('./routes/logout'));
const Results = page('/results/:searchText', () => import('./routes/results'));
const Category = page('/category/:categorySlug', () => import('./routes/category'));
const Product = page('/product', () => import('./routes/product'));
const About = page('/about', () => import('./routes/about'));
const Faq = page('/faq', () => import('./routes/faq'));
const Cart = page('/cart', () => import('./routes/cart'));
const Wishlist = page('/wishlist', () => import('./routes/wishlist'));
const MyOrders = page('/myOrders', () => import('./routes/my-orders'));
const MyProfile = page('/myProfile', () => import('./routes/my-profile'));
const Account = page('/account', () => import('./routes/account'));
const Challenge = page('/challenge', () => import('./routes/challenge'));
const Notifications = page('/notifications', () => import('./routes/notifications'));
const NotFound = page(null, () => import('./routes/not-found'));
// The admin area is its own chunk: shoppers never download it. Its frame is loaded before the first render
// of an /admin page (the server names its chunks in the HTML).
const AdminLayout = page('/admin/*', () => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminDashboard = lazy(() => import('./routes/admin/dashboard'));
const AdminOrders = lazy(() => import('./routes/admin/orders'));
const AdminInventory = lazy(() => import('./routes/admin/inventory'));
const AdminBanners = lazy(() => import('./routes/admin/banners'));
const AdminRewards = lazy(() => import('./routes/admin/rewards'));
const AdminUsers = lazy(() => import('./routes/admin/users'));
const AdminLoads = lazy(() => import('./routes/admin/loads'));
const AdminLoadsNew = lazy(() => import('./routes/admin/loads-new'));
const AdminLoadReport = lazy(() => import('./routes/admin/loads-report'));
const AdminLoadsConsolidated = lazy(() => import('./routes/admin/loads-consolidated'));
const AdminStores = lazy(() => import('./routes/admin/stores'));
const AdminChallenges = lazy(() => import('./routes/admin/challenges'));
const AdminMail = lazy(() => import('./routes/admin/mail'));

const signedIn = (page: React.ReactNode) => <RequireSession>{page}</RequireSession>;

/**
 * The routes of docs/architecture.md P2 whose feature works today: a route exists when its page does something
 * (notifications, challenges, rewards and point loads come with the issues that build them).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RouteErrorBoundary>
            <ShopLayout />
          </RouteErrorBoundary>
        }
      >
        <Route index element={<Home />} />
        <Route path="login" element={<Login />} />
        <Route path="logout" element={<Logout />} />
        <Route path="results/:searchText" element={<Results />} />
        <Route path="category/:categorySlug" element={<Category />} />
        <Route path="product" element={<Product />} />
        <Route path="about" element={<About />} />
        <Route path="faq" element={<Faq />} />
        <Route path="cart" element={signedIn(<Cart />)} />
        <Route path="wishlist" element={signedIn(<Wishlist />)} />
        <Route path="myOrders" element={signedIn(<MyOrders />)} />
        <Route path="myProfile" element={signedIn(<MyProfile />)} />
        <Route path="account" element={signedIn(<Account />)} />
        <Route path="challenge" element={signedIn(<Challenge />)} />
        <Route path="notifications" element={signedIn(<Notifications />)} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route
        path="admin"
        element={
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <AdminLayout />
            </Suspense>
          </RouteErrorBoundary>
        }
      >
        <Route index element={<AdminDashboard />} />
        <Route path="orders" element={<AdminOrders />} />
        <Route path="orders/:id" element={<AdminOrders />} />
        <Route path="inventory/:storeId" element={<AdminInventory />} />
        <Route path="banners/:storeId" element={<AdminBanners />} />
        <Route path="rewards/:storeId" element={<AdminRewards />} />
        <Route path="users" element={<AdminUsers />} />
        <Route path="loads" element={<AdminLoads />} />
        <Route path="loads/new" element={<AdminLoadsNew />} />
        <Route path="loads/report/:id" element={<AdminLoadReport />} />
        <Route path="loads/consolidated/:id" element={<AdminLoadsConsolidated />} />
        <Route path="loads/:storeId" element={<AdminLoadsNew />} />
        <Route path="stores" element={<AdminStores />} />
        <Route path="challenge/:storeId" element={<AdminChallenges />} />
        <Route path="mail" element={<AdminMail />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

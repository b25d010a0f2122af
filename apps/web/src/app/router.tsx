import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSession } from '@/features/auth/components/require-session';
import { RouteErrorBoundary } from './layouts/route-error-boundary';
import { ShopLayout } from './layouts/shop-layout';
// Pages are lazy-loaded: each route is its own chunk (declarative routes keep the shell small).
// The home page is the usual first paint: part of the shell, not a second round trip.
import Home from './routes/home';

const Login = lazy(() => import('./routes/login'));
const Logout = lazy(() => import('./routes/logout'));
const Results = lazy(() => import('./routes/results'));
const Category = lazy(() => import('./routes/category'));
const Product = lazy(() => import('./routes/product'));
const About = lazy(() => import('./routes/about'));
const Faq = lazy(() => import('./routes/faq'));
const Cart = lazy(() => import('./routes/cart'));
const Wishlist = lazy(() => import('./routes/wishlist'));
const MyOrders = lazy(() => import('./routes/my-orders'));
const MyProfile = lazy(() => import('./routes/my-profile'));
const Account = lazy(() => import('./routes/account'));
const Challenge = lazy(() => import('./routes/challenge'));
const Notifications = lazy(() => import('./routes/notifications'));
const NotFound = lazy(() => import('./routes/not-found'));
// The admin area is its own chunk: shoppers never download it.
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));
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

import { Suspense, type ComponentType } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { SignInEffects } from '@/features/auth/components/sign-in-effects';
import { RequireSession } from '@/features/auth/components/require-session';
import { useStores } from '@/features/stores/api/get-stores';
import { Logo } from '@/components/ui/logo';
import { moveFocus, ScrollRow } from '@/components/ui/scroll-row';
import { AccountMenu } from './components/account-menu';
import { LanguageSwitch } from './components/language-switch';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';

/**
 * The admin pages' modules, by their path in routes/ (`./admin/orders.tsx`), each a chunk of its own:
 * loaded through this chunk, so that what shoppers download first does not name them (app/router.tsx).
 */
export const adminPages = import.meta.glob<{ default: ComponentType }>('../routes/admin/*.tsx', { base: '../routes' });

/** Stores the session user may administer: their adminStores, or every store for a super administrator. */
export function useAdminStores() {
  const session = useSession();
  const stores = useStores();
  const user = session.data;
  const all = stores.data?.data ?? [];
  return user?.role === Role.SuperAdmin ? all : all.filter((s) => user?.adminStores.includes(s.id));
}

function AdminHeader() {
  const { t } = useTranslation(['common', 'admin', 'loads', 'challenges', 'controls']);
  const navigate = useNavigate();
  const params = useParams();
  const location = useLocation();
  const session = useSession();
  const stores = useAdminStores();
  const storesPending = useStores().isPending;
  // The store in the address when it is one of theirs; another store's address shows the no-access page
  // (StoreAccess), and the sections then lead to their first store.
  const named = Number(params.storeId ?? (location.pathname.startsWith('/admin/loads/consolidated/') ? params.id : undefined));
  const current = stores.some((s) => s.id === named) ? named : stores[0]?.id;
  const links = [
    { to: '/admin/', label: t('admin:nav.dashboard'), end: true },
    ...(current
      ? [
          { to: `/admin/inventory/${current}`, label: t('admin:nav.inventory') },
          { to: `/admin/banners/${current}`, label: t('admin:nav.banners') },
          { to: `/admin/rewards/${current}`, label: t('admin:nav.rewards') },
          { to: `/admin/challenge/${current}`, label: t('challenges:nav') },
          { to: `/admin/peer/${current}`, label: t('admin:nav.peer') },
          { to: `/admin/celebrations/${current}`, label: t('admin:nav.celebrations') },
        ]
      : []),
    { to: '/admin/orders', label: t('admin:nav.orders') },
    { to: '/admin/loads/new', label: t('loads:nav') },
    { to: '/admin/users/', label: t('admin:nav.users') },
    { to: '/admin/mail', label: t('admin:nav.mail') },
    { to: '/admin/webhooks', label: t('admin:nav.webhooks') },
    { to: '/admin/budgets', label: t('admin:nav.budgets') },
    ...(session.data?.role === Role.SuperAdmin
      ? [
          { to: '/admin/stores', label: t('admin:nav.stores') },
          { to: '/admin/directory', label: t('admin:nav.directory') },
          { to: '/admin/audit', label: t('admin:nav.audit') },
        ]
      : []),
  ];
  return (
    <header className="bg-indigo-950 text-indigo-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <Link to="/admin/" className="rounded bg-white px-2 py-1" aria-label={t('admin:nav.dashboard')}>
          <Logo suffix={t('admin:title')} />
        </Link>
        {/* Its place is kept while the stores load, so the header does not change height under the page. */}
        {stores.length === 0 && storesPending && <span className="h-7 w-60 animate-pulse rounded-md bg-indigo-900" aria-hidden="true" />}
        {stores.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="text-indigo-200">{t('admin:store')}</span>
            <select
              className="rounded-md border border-indigo-700 bg-indigo-900 px-2 py-1 text-white"
              value={current ?? ''}
              onChange={(e) => void navigate(`/admin/inventory/${e.target.value}`)}
              data-testid="admin-store-select"
            >
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          {session.data ? (
            <div className="rounded-full bg-white text-slate-900">
              <AccountMenu user={session.data} adminLink={false} shopLink />
            </div>
          ) : (
            <span className="h-10 w-16 rounded-full bg-indigo-900" aria-hidden="true" />
          )}
        </div>
      </div>
      <nav aria-label={t('admin:nav.label')} className="border-t border-indigo-900">
        {/* On a phone the sections do not fit: the row scrolls, says so at its edges, keeps the current one in view. */}
        <ScrollRow
          as="ul"
          tone="dark"
          activeKey={location.pathname}
          className="mx-auto max-w-7xl px-4 sm:px-6"
          rowClassName="gap-1"
          onKeyDown={(event) => moveFocus(event, 'a')}
        >
          {links.map((l) => (
            <li key={l.to} className="shrink-0">
              <NavLink
                to={l.to}
                end={l.end}
                className={({ isActive }) =>
                  `block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${isActive ? 'border-amber-400 text-white' : 'border-transparent text-indigo-200 hover:text-white'}`
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ScrollRow>
      </nav>
    </header>
  );
}

/** Every /admin path: its own header and footer, roles 2 and 3 only. */
export function AdminLayout() {
  const { t } = useTranslation(['common', 'admin']);
  return (
    <RequireSession admin>
      <div className="flex min-h-screen flex-col bg-slate-100">
        <SignInEffects />
        <AdminHeader />
        {/* At least a screen tall: the footer never starts in view, so lists that load do not move it on screen. */}
        <main className="min-h-svh flex-1" id="main">
          <RouteErrorBoundary>
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <footer className="border-t border-slate-200 bg-white">
          <p className="mx-auto max-w-7xl px-6 py-3 text-xs text-slate-500">{t('admin:footer', { year: new Date().getFullYear() })}</p>
        </footer>
      </div>
    </RequireSession>
  );
}

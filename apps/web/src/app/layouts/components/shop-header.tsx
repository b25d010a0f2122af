import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/login-url';
import { useHeaderCounts } from '@/features/users/api/get-header-counts';
import { ChallengeLink } from '@/features/challenges/components/challenge-link';
import { GiveButton, GiveDialogHost } from '@/features/peer/components/give-button';
import { openGive } from '@/features/peer/components/give-launcher';
import { BadgeLink } from '@/components/ui/badge-link';
import { BellIcon, CartIcon, HeartIcon, InfoIcon, StarIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { formatPoints } from '@/lib/format';
import { useIdle } from '@/lib/use-idle';
import { AccountMenu } from './account-menu';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

// The menu (its list, its texts, the realtime connection it keeps) loads once the page has settled; until
// then the header shows the plain link to /notifications with the same count.
const MENU_AFTER_MS = 5_000;
const NotificationsMenu = lazy(() =>
  import('@/features/notifications/components/notifications-menu').then((m) => ({ default: m.NotificationsMenu })),
);

/**
 * The shop header of docs/architecture.md P2; compact below the md breakpoint (search on its own row). On a
 * 390 px phone the logo and every signed-in link fit one row, and the search row leaves its input 200 px.
 */
export function ShopHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const user = session.data;
  const counts = useHeaderCounts(!!user);
  const settled = useIdle(MENU_AFTER_MS);
  const notificationsLink = (
    <BadgeLink to="/notifications" label={t('header.notifications')} count={counts.data?.notifications}>
      <BellIcon />
    </BadgeLink>
  );

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:px-6 md:flex-nowrap">
        <Link to="/" className="shrink-0 rounded focus-visible:outline-2 focus-visible:outline-indigo-600" aria-label={t('header.home')}>
          <Logo compact />
        </Link>
        <div className="order-last flex w-full min-w-0 items-center gap-1.5 sm:gap-2 md:order-none md:mx-2 md:max-w-xl md:flex-1 lg:mx-4">
          <SearchBox storeId={user?.storeId} />
          <span className="shrink-0 sm:hidden">
            <LanguageSwitch />
          </span>
        </div>
        <nav className="ml-auto flex items-center gap-1" aria-label={t('header.userNav')}>
          {user ? (
            <>
              <span className="hidden sm:inline-flex">
                <BadgeLink to={`/about?store=${user.storeId ?? ''}`} label={t('header.about')}>
                  <InfoIcon />
                </BadgeLink>
              </span>
              {/*
                Below sm only its icon (what is left to give is in its name and in the dialog), so the row keeps
                one line on a 390 px phone; from md to xl the one-row header leaves the search no room for it, and
                the account menu has it.
              */}
              <span className="inline-flex md:hidden xl:inline-flex">
                <GiveButton className="sm:mx-1" />
              </span>
              <GiveDialogHost giver={user} />
              <ChallengeLink />
              <BadgeLink to="/wishlist" label={t('header.wishlist')} count={counts.data?.wishlist}>
                <HeartIcon />
              </BadgeLink>
              {settled ? (
                <Suspense fallback={notificationsLink}>
                  <NotificationsMenu userId={user.id} />
                </Suspense>
              ) : (
                notificationsLink
              )}
              <BadgeLink to="/cart" label={t('header.cart')} count={counts.data?.cart}>
                <CartIcon />
              </BadgeLink>
              <Link
                to="/account"
                className="mx-0.5 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-200 sm:mx-1 sm:px-3"
                title={t('header.pointsTitle')}
                data-testid="points-balance"
              >
                <StarIcon className="h-4 w-4" />
                <span>{formatPoints(user.points)}</span>
                <span className="hidden lg:inline">{t('header.points')}</span>
              </Link>
              <AccountMenu user={user} onGive={() => openGive()} />
            </>
          ) : session.isPending ? (
            <span className="h-9 w-24 animate-pulse rounded-full bg-slate-100" aria-hidden="true" />
          ) : (
            <a
              href={loginUrl(location.pathname === '/login' ? '/' : location.pathname + location.search)}
              className="rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
              data-testid="access-button"
            >
              {t('header.access')}
            </a>
          )}
          <span className="ml-1 hidden sm:inline-flex">
            <LanguageSwitch />
          </span>
        </nav>
      </div>
    </header>
  );
}

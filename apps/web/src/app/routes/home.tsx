import { Link } from 'react-router';
import { HOME_FIRST_ROWS } from '@rewards/shared/pages';
import type { SessionUser } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/login-url';
import { bannersQueryOptions, useBanners } from '@/features/banners/api/get-banners';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { useCategories } from '@/features/categories/api/get-categories';
import { HomeNotificationsSlot } from '@/features/notifications/components/home-notifications-slot';
import { HomeRecognitionsSlot } from '@/features/peer/components/home-recognitions-slot';
import { productRowQueryOptions, type ProductRowKind } from '@/features/products/api/get-product-rows';
import { ProductRow } from '@/features/products/components/product-row';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { formatPoints } from '@/lib/format';
import { srcSet, variantUrl } from '@/lib/images';
import type { FirstData } from '../first-data';

/** The banners and the rows of the first screen (docs/architecture.md A6.9): the page paints with its products. */
export const firstData: FirstData = ({ queryClient, user }) =>
  Promise.all([
    queryClient.prefetchQuery(bannersQueryOptions(user?.storeId)),
    ...HOME_FIRST_ROWS.map((kind) => queryClient.prefetchQuery(productRowQueryOptions(kind, user?.id ?? null))),
  ]);

const categoryList = 'flex snap-x gap-3 overflow-x-auto pb-2 sm:grid sm:grid-cols-5 sm:overflow-visible sm:pb-0 lg:grid-cols-7';
const categoryItem = 'w-24 shrink-0 snap-start sm:w-auto';

const firstScreen = (kind: ProductRowKind) => (HOME_FIRST_ROWS as readonly string[]).includes(kind);

/** The signed-in reader's balance, beside the banner, with the way to its movements. */
function BalanceCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col justify-between gap-3 rounded-xl bg-gradient-to-br from-indigo-700 to-violet-600 p-5 text-white shadow"
      aria-labelledby="home-balance"
      data-testid="home-balance"
    >
      <div>
        <h2 id="home-balance" className="text-sm font-medium text-indigo-100">
          {t('home.yourPoints')}
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold">{formatPoints(user.points)}</span>
          <span className="text-indigo-100">{t('header.points')}</span>
        </p>
        {user.storeName && <p className="text-sm text-indigo-100">{user.storeName}</p>}
      </div>
      <Link to="/account" className="self-start rounded text-sm font-semibold text-white underline-offset-2 hover:underline">
        {t('home.seeMovements')}
      </Link>
    </section>
  );
}

/** For a visitor, beside the banner: what the program is, and how to get in. */
function WelcomeCard() {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col justify-between gap-3 rounded-xl border border-indigo-100 bg-indigo-50 p-5"
      aria-labelledby="home-welcome"
      data-testid="home-welcome"
    >
      <div>
        <h2 id="home-welcome" className="mb-1 font-semibold text-indigo-950">
          {t('home.welcome.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('home.welcome.text')}</p>
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <a href={loginUrl('/')} className="rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800">
          {t('home.welcome.signIn')}
        </a>
        <Link to="/about" className="text-sm font-semibold text-indigo-800 hover:underline">
          {t('home.welcome.how')}
        </Link>
      </p>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const content = useContent();
  const session = useSession();
  const user = session.data;
  const categories = useCategories(user?.storeId);
  const banners = useBanners(user?.storeId);
  const userId = user?.id ?? null;
  const row = (kind: ProductRowKind) => (
    <ProductRow kind={kind} title={t(`home.rows.${kind}`)} userId={userId} firstScreen={firstScreen(kind)} />
  );
  // The banner takes two thirds of a desktop's width beside the card, so the first rows are in the first screen.
  const withBanner = banners.data?.data.length !== 0;

  return (
    <Page title={user ? t('home.greeting', { name: user.name }) : t('home.title')}>
      <div className={`mb-6 grid gap-4 lg:gap-6 ${withBanner ? 'lg:grid-cols-3' : ''}`}>
        {withBanner && (
          <div className="lg:col-span-2">
            <BannerCarousel storeId={user?.storeId} />
          </div>
        )}
        {user ? <BalanceCard user={user} /> : <WelcomeCard />}
      </div>
      {row('featured')}
      {row('new')}
      <section className="mb-8" aria-labelledby="home-categories">
        <h2 id="home-categories" className="mb-3 text-lg font-semibold">
          {t('home.categories')}
        </h2>
        {/* A strip that scrolls sideways on a phone (one row, not a screen of tiles), a grid from sm up. */}
        {categories.isPending ? (
          <ul className={categoryList} aria-busy="true">
            {Array.from({ length: 14 }, (_, i) => (
              <li key={i} className={`${categoryItem} overflow-hidden rounded-xl border border-slate-200 bg-white`}>
                <div className="aspect-square w-full animate-pulse bg-slate-200" />
                <span className="block px-2 py-1.5 text-xs sm:text-sm">&nbsp;</span>
              </li>
            ))}
          </ul>
        ) : categories.data?.data.length ? (
          <ul className={categoryList} data-testid="home-categories">
            {categories.data.data.map((c) => (
              <li key={c.id} className={categoryItem}>
                <Link
                  to={`/category/${c.slug}`}
                  className="group block overflow-hidden rounded-xl border border-slate-200 bg-white text-center shadow-sm hover:border-indigo-300"
                >
                  {c.picture && (
                    <img
                      src={variantUrl(c.picture, 300)}
                      srcSet={srcSet(c.picture)}
                      sizes="140px"
                      alt=""
                      width={300}
                      height={300}
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                  )}
                  <Localized
                    value={content(c, 'title')}
                    className="block truncate px-2 py-1.5 text-xs font-medium text-slate-800 group-hover:text-indigo-800 sm:text-sm"
                  />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('home.noCategories')}</p>
        )}
      </section>
      {user && <HomeNotificationsSlot />}
      {user && <HomeRecognitionsSlot reader={user} />}
      {row('recommended')}
      {row('views')}
      {user && row('lastShopping')}
    </Page>
  );
}

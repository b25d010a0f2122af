import { Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { bannersQueryOptions } from '@/features/banners/api/get-banners';
import { BannerCarousel } from '@/features/banners/components/banner-carousel';
import { useCategories } from '@/features/categories/api/get-categories';
import { HomeNotifications } from '@/features/notifications/components/home-notifications';
import { ProductRow } from '@/features/products/components/product-row';
import { Page } from '@/components/ui/page';
import { formatPoints } from '@/lib/format';
import { srcSet, variantUrl } from '@/lib/images';
import type { FirstData } from '../first-data';

export const firstData: FirstData = ({ queryClient, user }) => queryClient.prefetchQuery(bannersQueryOptions(user?.storeId));

export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data;
  const categories = useCategories(user?.storeId);
  const userId = user?.id ?? null;

  return (
    <Page title={user ? t('home.greeting', { name: user.name }) : t('home.title')}>
      <BannerCarousel storeId={user?.storeId} />
      {user && (
        <p className="mb-6 flex flex-wrap items-baseline gap-x-2 rounded-xl bg-gradient-to-r from-indigo-700 to-violet-600 p-5 text-white shadow">
          <span className="w-full text-sm text-indigo-100">{t('home.yourPoints')}</span>
          <span className="text-3xl font-bold">{formatPoints(user.points)}</span>
          <span className="text-indigo-100">{t('header.points')}</span>
          {user.storeName && <span className="w-full text-sm text-indigo-100">{user.storeName}</span>}
        </p>
      )}
      {user && (
        <Suspense fallback={null}>
          <HomeNotifications />
        </Suspense>
      )}
      <section className="mb-8" aria-labelledby="home-categories">
        <h2 id="home-categories" className="mb-3 text-lg font-semibold">
          {t('home.categories')}
        </h2>
        {categories.isPending ? (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-7" aria-busy="true">
            {Array.from({ length: 14 }, (_, i) => (
              <li key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
                <div className="aspect-square w-full animate-pulse bg-slate-200" />
                <span className="block px-2 py-1.5 text-xs sm:text-sm">&nbsp;</span>
              </li>
            ))}
          </ul>
        ) : categories.data?.data.length ? (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-7">
            {categories.data.data.map((c) => (
              <li key={c.id}>
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
                  <span className="block truncate px-2 py-1.5 text-xs font-medium text-slate-800 group-hover:text-indigo-800 sm:text-sm">
                    {c.title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t('home.noCategories')}</p>
        )}
      </section>
      <ProductRow kind="featured" title={t('home.rows.featured')} userId={userId} />
      <ProductRow kind="new" title={t('home.rows.new')} userId={userId} />
      <ProductRow kind="recommended" title={t('home.rows.recommended')} userId={userId} />
      <ProductRow kind="views" title={t('home.rows.views')} userId={userId} />
      {user && <ProductRow kind="lastShopping" title={t('home.rows.lastShopping')} userId={userId} />}
    </Page>
  );
}

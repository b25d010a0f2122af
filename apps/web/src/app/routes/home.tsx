import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/features/auth/api/get-session';
import { useCategories } from '@/features/categories/api/get-categories';
import { Page } from '@/components/ui/page';
import { formatPoints } from '@/lib/format';

export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data;
  const categories = useCategories(user?.storeId);

  return (
    <Page title={user ? t('home.greeting', { name: user.name }) : t('home.title')}>
      {user && (
        <p className="mb-6 rounded-xl bg-gradient-to-r from-indigo-700 to-violet-600 p-5 text-white shadow">
          <span className="block text-sm text-indigo-100">{t('home.yourPoints')}</span>
          <span className="text-3xl font-bold">{formatPoints(user.points)}</span>{' '}
          <span className="text-indigo-100">{t('header.points')}</span>
          {user.storeName && <span className="mt-1 block text-sm text-indigo-100">{user.storeName}</span>}
        </p>
      )}
      <h2 className="mb-3 text-lg font-semibold">{t('home.categories')}</h2>
      {categories.isPending ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true">
          {Array.from({ length: 10 }, (_, i) => (
            <li key={i} className="h-36 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </ul>
      ) : categories.data?.data.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.data.data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/category/${c.slug}`}
                className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-indigo-300 hover:shadow"
              >
                {c.picture && (
                  <img src={c.picture} alt="" width={300} height={300} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                )}
                <span className="block px-3 py-2 text-sm font-medium text-slate-800 group-hover:text-indigo-800">{c.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t('home.noCategories')}</p>
      )}
    </Page>
  );
}

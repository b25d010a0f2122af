import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/features/auth/api/get-session';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';

/** The admin entry: the stores this administrator runs; choosing one opens its inventory. */
export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const stores = useAdminStores();
  return (
    <Page title={t('dashboard.title')}>
      <p className="mb-5 text-slate-600">{t('dashboard.welcome', { name: session.data?.name ?? '' })}</p>
      <h2 className="mb-3 text-lg font-semibold">{t('dashboard.chooseStore')}</h2>
      {stores.length === 0 ? (
        <p className="text-slate-600">{t('dashboard.noStores')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stores.map((s) => (
            <li key={s.id}>
              <Link
                to={`/admin/inventory/${s.id}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400"
                data-testid="admin-store-card"
              >
                <span className="block font-semibold text-slate-900">{s.title}</span>
                <span className="text-sm text-slate-600">{s.location}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

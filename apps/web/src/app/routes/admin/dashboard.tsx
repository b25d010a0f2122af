import { useSearchParams } from 'react-router';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { StoreLinks } from '@/features/dashboard/components/store-links';
import { StoreScope } from '@/features/dashboard/components/store-scope';
import { ALL_STORES, dashboardScope } from '@/features/dashboard/scope';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';

/** /admin/: the figures of the chosen store (`?store=`; every store for a super administrator), then the stores. */
export default function AdminDashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const stores = useAdminStores();
  const [params, setParams] = useSearchParams();
  const user = session.data;
  if (!user) return null;
  const isSuper = user.role === Role.SuperAdmin;
  const storeId = dashboardScope(params.get('store'), user);
  return (
    <Page
      title={t('title')}
      actions={
        storeId !== undefined && (
          <StoreScope
            stores={stores}
            value={storeId}
            allowAll={isSuper}
            onChange={(id) => setParams({ store: id === null ? ALL_STORES : String(id) }, { replace: true })}
          />
        )
      }
    >
      <p className="mb-4 text-slate-600">{t('welcome', { name: user.name })}</p>
      {storeId === undefined ? (
        <p className="text-slate-600">{t('noStores')}</p>
      ) : (
        <DashboardView key={storeId ?? ALL_STORES} storeId={storeId} stores={stores} />
      )}
      <StoreLinks stores={stores} />
    </Page>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CelebrationsAdminPanel, celebrationTabs, type CelebrationTab } from '@/features/celebrations/components/celebrations-admin-panel';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/**
 * /admin/celebrations/{storeId}?tab=: a store's celebrations (docs/architecture.md A6.17): the next 30 days and
 * their export, the settings, and the import of people's birthdays and hire dates.
 */
export default function AdminCelebrationsPage() {
  const storeId = Number(useParams().storeId);
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/celebrations/${id}`}>
      <StoreCelebrations storeId={storeId} />
    </StoreAccess>
  );
}

/** The page of a store the administrator runs: nothing of it is asked for before StoreAccess lets it show. */
function StoreCelebrations({ storeId }: { storeId: number }) {
  const { t } = useTranslation('celebrations');
  const store = useAdminStores().find((s) => s.id === storeId);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: CelebrationTab = celebrationTabs.includes(asked as CelebrationTab) ? (asked as CelebrationTab) : 'upcoming';
  return (
    <Page title={store ? t('title', { store: store.title }) : t('pageTitle')}>
      <CelebrationsAdminPanel
        storeId={storeId}
        storeName={store?.title ?? ''}
        tab={tab}
        onTab={(next) => setSearch(next === 'upcoming' ? {} : { tab: next }, { replace: true })}
      />
    </Page>
  );
}

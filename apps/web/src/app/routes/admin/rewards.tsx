import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useAreas } from '@/features/areas/api/get-areas';
import { AreasPanel } from '@/features/areas/components/areas-panel';
import { RewardsByArea } from '@/features/rewards/components/rewards-by-area';
import { RewardsPanel } from '@/features/rewards/components/rewards-panel';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

const tabs = ['rewards', 'byArea', 'areas'] as const;
type Tab = (typeof tabs)[number];

/** /admin/rewards/{storeId}: the store's recognitions, the same grouped by area, and its areas (?tab=byArea|areas). */
export default function AdminRewardsPage() {
  const storeId = Number(useParams().storeId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((id) => id === params.get('tab')) ?? 'rewards';
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/rewards/${id}${tab === 'rewards' ? '' : `?tab=${tab}`}`}>
      <StoreRewards storeId={storeId} tab={tab} onTab={(id) => setParams(id === 'rewards' ? {} : { tab: id })} />
    </StoreAccess>
  );
}

/** The page of a store the administrator runs: nothing of it is asked for before StoreAccess lets it show. */
function StoreRewards({ storeId, tab, onTab }: { storeId: number; tab: Tab; onTab: (tab: string) => void }) {
  const { t } = useTranslation('rewards');
  const store = useAdminStores().find((s) => s.id === storeId);
  // The areas a recognition can be put in ("select an area"); the Areas tab keeps its own paged list.
  const areas = useAreas({ storeId, pageSize: 100 });
  return (
    <Page title={store ? t('title', { store: store.title }) : t('pageTitle')}>
      <Tabs label={t('tabs.label')} selected={tab} onSelect={onTab} tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))} />
      {tab === 'rewards' && <RewardsPanel key={storeId} storeId={storeId} areas={areas.data?.data} />}
      {tab === 'byArea' && <RewardsByArea storeId={storeId} />}
      {tab === 'areas' && <AreasPanel key={storeId} storeId={storeId} />}
    </Page>
  );
}

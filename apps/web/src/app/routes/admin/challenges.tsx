import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ChallengesPanel } from '@/features/challenges/components/challenges-panel';
import { ParticipantsPanel } from '@/features/challenges/components/participants-panel';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/challenge/{storeId}: the store's challenges; ?challenge={id} opens its participants, answers and winners. */
export default function AdminChallengesPage() {
  const { t } = useTranslation('challenges');
  const storeId = Number(useParams().storeId);
  const store = useAdminStores().find((s) => s.id === storeId);
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('challenge')) || null;
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/challenge/${id}`}>
      <Page title={store ? t('admin.title', { store: store.title }) : t('admin.pageTitle')}>
        <ChallengesPanel key={storeId} storeId={storeId} selected={selected} onSelect={(id) => setParams({ challenge: String(id) })} />
        {selected !== null && <ParticipantsPanel key={selected} challengeId={selected} onClose={() => setParams({})} />}
      </Page>
    </StoreAccess>
  );
}

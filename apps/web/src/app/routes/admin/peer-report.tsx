import { Link, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { PeerReportPanel } from '@/features/peer-report/components/peer-report-panel';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/peer/{storeId}/report: the store's giving report of a period, and its export (docs/architecture.md A6.16). */
export default function AdminPeerReportPage() {
  const storeId = Number(useParams().storeId);
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/peer/${id}/report`}>
      <StoreReport storeId={storeId} />
    </StoreAccess>
  );
}

/** The report of a store the administrator runs: nothing of it is asked for before StoreAccess lets it show. */
function StoreReport({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peerReport');
  const store = useAdminStores().find((s) => s.id === storeId);
  return (
    <Page
      title={store ? t('title', { store: store.title }) : t('titleShort')}
      actions={
        <Link to={`/admin/peer/${storeId}`} className="text-sm font-semibold text-indigo-700 hover:underline">
          ← {t('back')}
        </Link>
      }
    >
      <PeerReportPanel key={storeId} storeId={storeId} />
    </Page>
  );
}

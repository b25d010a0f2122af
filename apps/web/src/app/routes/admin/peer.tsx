import { Link, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { PeerAdminPanel } from '@/features/peer/components/peer-admin-panel';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/peer/{storeId}: peer recognition in a store: its giving rules and its company values, and a link to its giving report. */
export default function AdminPeerPage() {
  const storeId = Number(useParams().storeId);
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/peer/${id}`}>
      <StorePeer storeId={storeId} />
    </StoreAccess>
  );
}

/** The page of a store the administrator runs: nothing of it is asked for before StoreAccess lets it show. */
function StorePeer({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peer');
  const store = useAdminStores().find((s) => s.id === storeId);
  return (
    <Page
      title={store ? t('admin.title', { store: store.title }) : t('admin.pageTitle')}
      actions={
        <Link
          to={`/admin/peer/${storeId}/report`}
          className="text-sm font-semibold text-indigo-700 hover:underline"
          data-testid="peer-report-link"
        >
          {t('admin.report')} →
        </Link>
      }
    >
      <PeerAdminPanel storeId={storeId} />
    </Page>
  );
}

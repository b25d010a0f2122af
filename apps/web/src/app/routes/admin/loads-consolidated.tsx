import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ConsolidatedPanel } from '@/features/loads/components/consolidated-panel';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/loads/consolidated/{storeId}: one row per receiver of the store's loads, and their export (?loadId= narrows to one load). */
export default function AdminLoadsConsolidatedPage() {
  const { t } = useTranslation('loads');
  const storeId = Number(useParams().id);
  const [params] = useSearchParams();
  const store = useAdminStores().find((s) => s.id === storeId);
  const loadId = Number(params.get('loadId')) || undefined;
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/loads/consolidated/${id}`}>
      <Page
        title={store ? t('consolidated.title', { store: store.title }) : t('consolidated.titleShort')}
        actions={
          <Link to={`/admin/loads?storeId=${storeId}`} className="text-sm font-semibold text-indigo-700 hover:underline">
            ← {t('report.back')}
          </Link>
        }
      >
        <ConsolidatedPanel key={`${storeId}-${loadId ?? ''}`} storeId={storeId} initial={loadId ? { loadId } : {}} />
      </Page>
    </StoreAccess>
  );
}

import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { LoadsTable } from '@/features/loads/components/loads-table';
import { StorePicker } from '@/features/loads/components/store-picker';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/loads: the loads of a store the administrator runs, each linking to its report. */
export default function AdminLoadsPage() {
  const { t } = useTranslation('loads');
  const [params, setParams] = useSearchParams();
  const stores = useAdminStores();
  const storeId = Number(params.get('storeId')) || stores[0]?.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // A store named in the address must be one of theirs (the first one they run needs no check).
  const named = params.get('storeId');
  const content = (
    <Page
      title={t('list.title')}
      actions={
        <span className="flex flex-wrap items-center gap-3">
          <StorePicker stores={stores} value={storeId} onChange={(id) => setParams({ storeId: String(id) })} />
          {storeId && (
            <Link to={`/admin/loads/consolidated/${storeId}`} className="text-sm font-semibold text-indigo-700 hover:underline">
              {t('list.consolidated')}
            </Link>
          )}
          <Link
            to={storeId ? `/admin/loads/new?storeId=${storeId}` : '/admin/loads/new'}
            className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
          >
            {t('list.new')}
          </Link>
        </span>
      }
    >
      {storeId && <LoadsTable storeId={storeId} page={page} onPage={(p) => setParams({ storeId: String(storeId), page: String(p) })} />}
    </Page>
  );
  return named === null ? (
    content
  ) : (
    <StoreAccess storeId={Number(named)} section={(id) => `/admin/loads?storeId=${id}`}>
      {content}
    </StoreAccess>
  );
}

import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { LoadWizard } from '@/features/loads/components/load-wizard';
import { StorePicker } from '@/features/loads/components/store-picker';
import { useProgramCalendar } from '@/features/points/api/get-program-calendar';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/loads/new (and /admin/loads/{storeId}, docs/architecture.md P2): the 4-step bulk-load wizard for a store. */
export default function AdminLoadsNewPage() {
  const { t } = useTranslation('loads');
  const [params, setParams] = useSearchParams();
  const stores = useAdminStores();
  // A store named in the address (/admin/loads/{storeId} or ?storeId=) must be one of theirs.
  const named = useParams().storeId ?? params.get('storeId');
  const storeId = Number(named) || stores[0]?.id;
  const store = stores.find((s) => s.id === storeId);
  // The days an activity of a once-per-activity recognition may be dated: the program year up to today.
  const program = useProgramCalendar();
  const activityWindow = program.data ? { from: program.data.year.from, to: program.data.today } : undefined;
  const content = (
    <Page
      title={t('wizard.title')}
      actions={
        <span className="flex flex-wrap items-center gap-3">
          <StorePicker stores={stores} value={storeId} onChange={(id) => setParams({ storeId: String(id) })} />
          <Link
            to={storeId ? `/admin/loads?storeId=${storeId}` : '/admin/loads'}
            className="text-sm font-semibold text-indigo-700 hover:underline"
          >
            {t('list.title')}
          </Link>
        </span>
      }
    >
      {/* A new store starts a new wizard. */}
      {store && <LoadWizard key={store.id} storeId={store.id} storeName={store.title} activityWindow={activityWindow} />}
    </Page>
  );
  return named === null || named === undefined ? (
    content
  ) : (
    <StoreAccess storeId={Number(named)} section={(id) => `/admin/loads/new?storeId=${id}`}>
      {content}
    </StoreAccess>
  );
}

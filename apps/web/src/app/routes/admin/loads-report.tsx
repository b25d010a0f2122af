import { Link, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useLoad } from '@/features/loads/api/get-load';
import { LoadReport } from '@/features/loads/components/load-report';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/error-text';

/** /admin/loads/report/{id}: the group report of one load. */
export default function AdminLoadReportPage() {
  const { t } = useTranslation('loads');
  const id = Number(useParams().id);
  const load = useLoad(id);
  return (
    <Page
      title={t('report.title', { id })}
      actions={
        <Link
          to={load.data ? `/admin/loads?storeId=${load.data.storeId}` : '/admin/loads'}
          className="text-sm font-semibold text-indigo-700 hover:underline"
        >
          ← {t('report.back')}
        </Link>
      }
    >
      {load.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {load.isError && (
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {errorText(t, load.error)}
        </p>
      )}
      {load.data && <LoadReport load={load.data} />}
    </Page>
  );
}

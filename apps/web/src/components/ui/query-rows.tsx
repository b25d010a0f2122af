import { useTranslation } from '@/lib/use-translation';
import { Button } from './button';

/** A page of an admin list as its query holds it. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  data?: { data: readonly unknown[] };
  refetch: () => unknown;
}

/**
 * The one row of a table body while its query loads, after it fails (with a retry), or when it found nothing;
 * a plain card below `md` in a ResponsiveTable.
 */
export function QueryRows({
  query,
  colSpan,
  empty,
  loadError,
  retry,
}: {
  query: ListQuery;
  colSpan: number;
  empty: string;
  loadError: string;
  retry: string;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {query.isPending && (
        <tr className="block md:table-row">
          <td colSpan={colSpan} className="block rounded-xl bg-white px-3 py-6 md:table-cell md:rounded-none">
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('loading')}</span>
          </td>
        </tr>
      )}
      {query.isError && (
        <tr className="block md:table-row">
          <td colSpan={colSpan} className="block rounded-xl bg-white px-3 py-6 text-center md:table-cell md:rounded-none" role="alert">
            <span className="text-rose-700">{loadError}</span>{' '}
            <Button variant="ghost" onClick={() => void query.refetch()}>
              {retry}
            </Button>
          </td>
        </tr>
      )}
      {query.isSuccess && query.data?.data.length === 0 && (
        <tr className="block md:table-row">
          <td colSpan={colSpan} className="block rounded-xl bg-white px-3 py-6 text-center text-slate-600 md:table-cell md:rounded-none">
            {empty}
          </td>
        </tr>
      )}
    </>
  );
}

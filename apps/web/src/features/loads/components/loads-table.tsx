import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Localized, useContent } from '@/components/ui/localized';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useLoads } from '../api/get-loads';

/** The loads of a store, newest first, each linking to its report. */
export function LoadsTable({ storeId, page, onPage }: { storeId: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('loads');
  const content = useContent();
  const loads = useLoads({ storeId, page, pageSize: 20 });
  if (loads.isPending) return <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />;
  if (loads.isError)
    return (
      <p role="alert" className="text-rose-700">
        {errorText(t, loads.error)}
      </p>
    );
  if (loads.data.data.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('list.empty')}</p>;
  return (
    <div>
      <ResponsiveTable
        data-testid="loads-table"
        busy={loads.isFetching}
        columns={[
          { label: '#' },
          { label: t('list.date') },
          { label: t('list.recognition') },
          { label: t('list.sender') },
          { label: t('list.receivers'), end: true },
          { label: t('list.refused'), end: true },
          { label: t('list.total'), end: true },
        ]}
      >
        {loads.data.data.map((l) => (
          <CardRow key={l.id} data-testid="load-row">
            <Cell primary>
              <Link
                to={`/admin/loads/report/${l.id}`}
                className="font-semibold text-indigo-700 hover:underline"
                aria-label={t('list.open', { id: l.id })}
              >
                <span className="md:hidden">#</span>
                {l.id}
              </Link>
            </Cell>
            <Cell label={t('list.date')} className="md:whitespace-nowrap">
              {formatDateTime(l.createdAt)}
            </Cell>
            <Cell label={t('list.recognition')}>
              {l.reward && <Localized value={content(l.reward, 'name')} />}
              <Localized value={content(l, 'reason')} className="block text-xs text-slate-500" />
            </Cell>
            <Cell label={t('list.sender')}>{l.sender.name}</Cell>
            <Cell label={t('list.receivers')} end>
              {formatPoints(l.receivers)}
            </Cell>
            <Cell label={t('list.refused')} end>
              {formatPoints(l.rejected)}
            </Cell>
            <Cell label={t('list.total')} end className="font-semibold">
              {formatPoints(l.totalPoints)}
            </Cell>
          </CardRow>
        ))}
      </ResponsiveTable>
      <Pagination page={loads.data.page} totalPages={loads.data.totalPages} onChange={onPage} />
    </div>
  );
}

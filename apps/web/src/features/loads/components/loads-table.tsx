import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Pagination } from '@/components/ui/pagination';
import { TableHead } from '@/components/ui/table';
import { formatDateTime, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useLoads } from '../api/get-loads';

/** The loads of a store, newest first, each linking to its report. */
export function LoadsTable({ storeId, page, onPage }: { storeId: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('loads');
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
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4" aria-busy={loads.isFetching}>
      <table className="w-full text-left text-sm" data-testid="loads-table">
        <TableHead
          columns={[
            { label: '#' },
            { label: t('list.date') },
            { label: t('list.recognition') },
            { label: t('list.sender') },
            { label: t('list.receivers'), end: true },
            { label: t('list.refused'), end: true },
            { label: t('list.total'), end: true },
          ]}
        />
        <tbody>
          {loads.data.data.map((l) => (
            <tr key={l.id} className="border-b border-slate-100 last:border-0" data-testid="load-row">
              <td className="py-2 pr-4">
                <Link
                  to={`/admin/loads/report/${l.id}`}
                  className="font-semibold text-indigo-700 hover:underline"
                  aria-label={t('list.open', { id: l.id })}
                >
                  {l.id}
                </Link>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(l.createdAt)}</td>
              <td className="py-2 pr-4">
                {l.reward?.name}
                <span className="block text-xs text-slate-500">{l.reason}</span>
              </td>
              <td className="py-2 pr-4">{l.sender.name}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatPoints(l.receivers)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatPoints(l.rejected)}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{formatPoints(l.totalPoints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={loads.data.page} totalPages={loads.data.totalPages} onChange={onPage} />
    </div>
  );
}

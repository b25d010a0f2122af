import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Pagination } from '@/components/ui/pagination';
import { errorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useBudgetDetail } from '../api/budgets';

const signed = (n: number) => (n > 0 ? `+${formatPoints(n)}` : n < 0 ? `−${formatPoints(-n)}` : '0');

/** A budget's ledger, newest first, a page at a time: each movement's kind, its change of available and reserved. */
export function BudgetMovements({ budgetId }: { budgetId: number }) {
  const { t } = useTranslation('awards');
  const [page, setPage] = useState(1);
  const detail = useBudgetDetail(budgetId, page);
  if (detail.isPending) return <p aria-busy="true">{t('common:loading')}</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-sm text-rose-700">
        {errorText(t, detail.error)}
      </p>
    );
  const m = detail.data.movements;
  return (
    <div data-testid="budget-movements">
      <p className="mb-3 text-sm text-slate-700">
        {t('budgets.now', { available: formatPoints(detail.data.available), reserved: formatPoints(detail.data.reserved) })}
      </p>
      {m.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('budgets.noMovements')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-2 font-medium">{t('budgets.movement.when')}</th>
              <th className="py-1 pr-2 font-medium">{t('budgets.movement.kind')}</th>
              <th className="py-1 pr-2 text-right font-medium">{t('budgets.movement.available')}</th>
              <th className="py-1 text-right font-medium">{t('budgets.movement.reserved')}</th>
            </tr>
          </thead>
          <tbody>
            {m.data.map((x) => (
              <tr key={x.id} className="border-t border-slate-100" data-testid="budget-movement">
                <td className="py-1.5 pr-2 whitespace-nowrap">
                  {formatDateTime(x.createdAt)}
                  {x.by && <span className="block text-xs text-slate-500">{x.by.name}</span>}
                </td>
                <td className="py-1.5 pr-2">
                  {t(`movement.${x.kind}`)}
                  {x.awardId !== null && <span className="text-xs text-slate-500"> · #{x.awardId}</span>}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">{signed(x.available)}</td>
                <td className="py-1.5 text-right tabular-nums">{signed(x.reserved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} totalPages={m.totalPages} onChange={setPage} />
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { errorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useMyAwards, useWithdrawAward } from '../api/awards';
import type { Award } from '../api/types';
import { AwardSummary } from './award-summary';

/**
 * "My awards" (docs/architecture.md A6.19): the awards the reader gave, newest first, each with where it
 * stands, who holds it now, the reason of a denial; a waiting one can be withdrawn after a confirmation.
 * `highlight`: the award a notification pointed at (/awards/{id}), marked and scrolled to.
 */
export function MyAwards({ highlight }: { highlight?: number }) {
  const { t } = useTranslation('awards');
  const [page, setPage] = useState(1);
  const awards = useMyAwards(page);
  const withdraw = useWithdrawAward();
  const [withdrawing, setWithdrawing] = useState<Award | null>(null);

  async function confirmWithdraw() {
    if (!withdrawing) return;
    try {
      await withdraw.mutateAsync(withdrawing.id);
      toast.success(t('mine.withdrawn'));
    } catch (err) {
      toast.error(errorText(t, err));
    } finally {
      setWithdrawing(null);
    }
  }

  return (
    <section aria-labelledby="my-awards-title" className="space-y-3">
      <h2 id="my-awards-title" className="text-lg font-semibold text-slate-900">
        {t('mine.title')}
      </h2>
      {awards.isPending ? (
        <p aria-busy="true" className="text-sm text-slate-600">
          {t('common:loading')}
        </p>
      ) : awards.isError ? (
        <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800">
          <p>
            {t('mine.loadError')} {errorText(t, awards.error)}
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void awards.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : awards.data.data.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-sm text-slate-600" data-testid="my-awards-empty">
          {t('mine.empty')}
        </p>
      ) : (
        <ul className="space-y-3" aria-busy={awards.isFetching}>
          {awards.data.data.map((a) => (
            <li
              key={a.id}
              ref={a.id === highlight ? (el) => el?.scrollIntoView?.({ block: 'nearest' }) : undefined}
              className={`rounded-lg border bg-white p-4 ${a.id === highlight ? 'border-indigo-400 ring-2 ring-indigo-200' : 'border-slate-200'}`}
              data-testid="my-award"
            >
              <AwardSummary award={a} />
              {a.status === 'waiting' && (
                <div className="mt-3 flex justify-end">
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700 hover:bg-rose-50"
                    onClick={() => setWithdrawing(a)}
                    aria-label={t('mine.withdrawLabel', { total: formatPoints(a.total) })}
                  >
                    {t('mine.withdraw')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {awards.data && <Pagination page={page} totalPages={awards.data.totalPages} onChange={setPage} />}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('mine.withdrawTitle')}
        message={t('mine.withdrawMessage', { total: formatPoints(withdrawing?.total ?? 0) })}
        confirmLabel={t('mine.withdraw')}
        busy={withdraw.isPending}
        onConfirm={() => void confirmWithdraw()}
        onClose={() => setWithdrawing(null)}
      />
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDecideApproval, usePendingApprovals } from '../api/approvals';
import type { PendingApproval } from '../api/types';
import { AwardSummary } from './award-summary';
import { DenyForm } from './deny-form';

/**
 * "Approvals" (docs/architecture.md A6.19): the steps waiting for the reader, oldest first, by name or as an
 * administrator of the store when no manager was left; approve at once, or deny with a reason (required)
 * the giver reads. `highlight`: the step a notification pointed at (/approvals/{step}).
 */
export function ApprovalsList({ highlight }: { highlight?: number }) {
  const { t } = useTranslation('awards');
  const [page, setPage] = useState(1);
  const approvals = usePendingApprovals(page);
  const decide = useDecideApproval();
  const [denying, setDenying] = useState<PendingApproval | null>(null);
  const [denyError, setDenyError] = useState<string | undefined>();

  async function approve(p: PendingApproval) {
    try {
      const award = await decide.mutateAsync({ stepId: p.stepId });
      toast.success(award.status === 'credited' ? t('approvals.approvedCredited') : t('approvals.approvedNext'));
    } catch (err) {
      toast.error(errorText(t, err));
    }
  }

  async function deny(reason: string) {
    if (!denying) return;
    try {
      await decide.mutateAsync({ stepId: denying.stepId, reason });
      toast.success(t('approvals.denied'));
      setDenying(null);
    } catch (err) {
      setDenyError(errorText(t, err));
    }
  }

  return (
    <section aria-labelledby="approvals-title" className="space-y-3">
      <h2 id="approvals-title" className="sr-only">
        {t('approvals.title')}
      </h2>
      {approvals.isPending ? (
        <p aria-busy="true" className="text-sm text-slate-600">
          {t('common:loading')}
        </p>
      ) : approvals.isError ? (
        <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800">
          <p>
            {t('approvals.loadError')} {errorText(t, approvals.error)}
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void approvals.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : approvals.data.data.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-sm text-slate-600" data-testid="approvals-empty">
          {t('approvals.empty')}
        </p>
      ) : (
        <ul className="space-y-3" aria-busy={approvals.isFetching}>
          {approvals.data.data.map((p) => (
            <li
              key={p.stepId}
              ref={p.stepId === highlight ? (el) => el?.scrollIntoView?.({ block: 'nearest' }) : undefined}
              className={`rounded-lg border bg-white p-4 ${p.stepId === highlight ? 'border-indigo-400 ring-2 ring-indigo-200' : 'border-slate-200'}`}
              data-testid="approval"
            >
              <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('approvals.level', { level: p.level, levels: p.levels })}
                {p.asAdministrator && ` · ${t('approvals.asAdministrator')}`} ·{' '}
                {t('approvals.since', { date: formatDateTime(p.waitingSince) })}
              </p>
              <AwardSummary award={p.award} showGiver />
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  className="text-rose-700"
                  disabled={decide.isPending}
                  onClick={() => {
                    setDenyError(undefined);
                    setDenying(p);
                  }}
                  data-testid="approval-deny"
                >
                  {t('approvals.deny')}
                </Button>
                <Button disabled={decide.isPending} onClick={() => void approve(p)} data-testid="approval-approve">
                  {t('approvals.approve')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {approvals.data && <Pagination page={page} totalPages={approvals.data.totalPages} onChange={setPage} />}
      <Dialog open={denying !== null} title={t('deny.title')} onClose={() => setDenying(null)}>
        {denying && (
          <>
            <p className="mb-3 text-sm text-slate-700">{t('deny.text', { name: denying.award.giver.name })}</p>
            <DenyForm busy={decide.isPending} error={denyError} onDeny={(r) => void deny(r)} onCancel={() => setDenying(null)} />
          </>
        )}
      </Dialog>
    </section>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { formatDateTime, formatPoints } from '@/lib/format';
import type { Award } from '../api/types';
import { heldByText, names, statusStyles } from './texts';

/**
 * An award as its giver and its approvers read it: points to whom, the message, its state, who holds it
 * while it waits (and which level of how many) and, once denied, the approver's reason.
 */
export function AwardSummary({ award, showGiver = false }: { award: Award; showGiver?: boolean }) {
  const { t } = useTranslation('awards');
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[award.status]}`} data-testid="award-status">
          {t(`status.${award.status}`)}
        </span>
        <span className="font-semibold text-slate-900">
          {t('summary.points', { points: formatPoints(award.points), count: award.recipients.length, total: formatPoints(award.total) })}
        </span>
      </div>
      <p className="text-sm text-slate-800">
        {showGiver && <span className="font-medium">{t('summary.from', { name: award.giver.name })} · </span>}
        {t('summary.to', { names: names(award.recipients) })}
      </p>
      <p className="text-sm whitespace-pre-line break-words text-slate-700">{award.message}</p>
      {award.status === 'waiting' && (
        <p className="text-sm text-amber-900" data-testid="award-held-by">
          {t('summary.waiting', { who: heldByText(t, award), level: award.currentLevel ?? 1, levels: award.levels })}
        </p>
      )}
      {award.status === 'denied' && award.denyReason && (
        <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-900" data-testid="award-deny-reason">
          <span className="font-medium">{t('summary.denyReason')}</span> {award.denyReason}
        </p>
      )}
      <p className="text-xs text-slate-500">
        {formatDateTime(award.createdAt)}
        {award.decidedAt && ` · ${t('summary.decided', { date: formatDateTime(award.decidedAt) })}`}
      </p>
    </div>
  );
}

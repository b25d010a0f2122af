import type { ChallengeStatus } from '@rewards/shared/challenges';
import { useTranslation } from '@/lib/use-translation';

const styles: Record<ChallengeStatus, string> = {
  inactive: 'bg-slate-200 text-slate-700',
  scheduled: 'bg-sky-100 text-sky-800',
  open: 'bg-emerald-100 text-emerald-800',
  ended: 'bg-amber-100 text-amber-900',
  awarded: 'bg-indigo-100 text-indigo-800',
};

/** Where a challenge is: inactive, scheduled (active, before its start), open, ended, awarded. */
export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  const { t } = useTranslation('challenges');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${styles[status]}`} data-testid="challenge-status">
      {t(`status.${status}`)}
    </span>
  );
}

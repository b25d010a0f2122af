import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { usePendingApprovals } from '../api/approvals';
import { useBudgets } from '../api/budgets';

/**
 * The account menu's awards entries (docs/architecture.md A6.19), asked when the menu opens, never on every
 * page: "Awards" for whoever may spend a budget or has given one, "Approvals" with how many wait for the
 * reader when any do.
 */
export function AwardsMenuItems({ className }: { className: string }) {
  const { t } = useTranslation();
  const budgets = useBudgets({ spendable: true, page: 1 });
  const approvals = usePendingApprovals(1);
  const waiting = approvals.data?.totalCount ?? 0;
  const spends = (budgets.data?.totalCount ?? 0) > 0;
  if (!spends && waiting === 0) return null;
  return (
    <div className="mt-1 border-t border-slate-100 pt-1" data-testid="menu-awards-group">
      {spends && (
        <Link role="menuitem" className={className} to="/awards" data-testid="menu-awards">
          {t('header.awards')}
        </Link>
      )}
      {waiting > 0 && (
        <Link role="menuitem" className={`${className} flex items-center justify-between`} to="/approvals" data-testid="menu-approvals">
          {t('header.approvals')}
          <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">{waiting}</span>
        </Link>
      )}
    </div>
  );
}

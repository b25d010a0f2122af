import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Localized, useContent } from '@/components/ui/localized';
import { formatPoints } from '@/lib/format';
import { useRewardsByArea } from '../api/get-rewards-by-area';
import { frequencyLabel } from './frequency';

/** Read view of the "select an area" step: the store's active recognitions under their active area. */
export function RewardsByArea({ storeId }: { storeId: number }) {
  const { t } = useTranslation('rewards');
  const content = useContent();
  const groups = useRewardsByArea(storeId);
  if (groups.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
        <div className="h-40 animate-pulse rounded-xl bg-white" />
        <div className="h-40 animate-pulse rounded-xl bg-white" />
        <span className="sr-only">{t('loading', { ns: 'common' })}</span>
      </div>
    );
  if (groups.isError)
    return (
      <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
        {t('loadError')}{' '}
        <Button variant="ghost" onClick={() => void groups.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('byArea.help')}</p>
      {groups.data.length === 0 && <p className="text-slate-600">{t('byArea.empty')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.data.map((g) => {
          const headingId = `area-group-${g.area?.id ?? 'none'}`;
          return (
            <section
              key={g.area?.id ?? 'none'}
              aria-labelledby={headingId}
              className="rounded-xl border border-slate-200 bg-white p-4"
              data-testid="area-group"
            >
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {g.area ? <Localized value={content(g.area, 'name')} /> : t('byArea.noArea')}
              </h2>
              {g.area && <Localized as="p" value={content(g.area, 'description')} className="mb-2 text-xs text-slate-600" />}
              <ul className="divide-y divide-slate-100">
                {g.rewards.map((r) => (
                  <li key={r.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                    <Localized value={content(r, 'name')} className="font-medium text-slate-900" />
                    <span className="shrink-0 text-right text-slate-700">
                      <span className="font-semibold tabular-nums">{t('pointsValue', { points: formatPoints(r.points) })}</span>
                      <span className="block text-xs text-slate-500">
                        {frequencyLabel(t, r.frequencyLimit, r.frequencyPeriod, r.activityKind)}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}

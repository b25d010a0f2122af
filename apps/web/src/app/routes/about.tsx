import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ProgramCalendarCard } from '@/features/points/components/program-calendar';
import { programCalendarQueryOptions } from '@/features/points/api/get-program-calendar';
import { rewardsOverviewQueryOptions, useRewardsOverview } from '@/features/rewards/api/get-rewards-overview';
import { storesQueryOptions, useStores } from '@/features/stores/api/get-stores';
import { formatPoints } from '@/lib/format';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { TableHead } from '@/components/ui/table';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, search }) => {
  await queryClient.prefetchQuery(storesQueryOptions());
  const stores = queryClient.getQueryData(storesQueryOptions().queryKey)?.data;
  const store = stores?.find((s) => String(s.id) === search.get('store')) ?? stores?.[0];
  await Promise.all([
    queryClient.prefetchQuery(programCalendarQueryOptions()),
    queryClient.prefetchQuery(rewardsOverviewQueryOptions(store?.id)),
  ]);
};

/** Program rules and deadlines (docs/architecture.md P1 and P9). */
export default function AboutPage() {
  const { t } = useTranslation(['about', 'points']);
  const content = useContent();
  const [params] = useSearchParams();
  const stores = useStores();
  const store = stores.data?.data.find((s) => String(s.id) === params.get('store')) ?? stores.data?.data[0];
  const rewards = useRewardsOverview(store?.id);
  const rules = t('rules', { returnObjects: true }) as string[];
  return (
    <Page title={t('title')}>
      {store && <p className="mb-4 text-slate-600">{t('store', { store: store.title, location: store.location })}</p>}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="mb-3 text-lg font-semibold">{t('howTitle')}</h2>
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
        <ProgramCalendarCard />
      </div>
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="points-overview">
        <h2 id="points-overview" className="mb-3 text-lg font-semibold">
          {t('pointsTitle')}
        </h2>
        {rewards.isPending ? (
          <div className="h-32 animate-pulse rounded bg-slate-100" aria-busy="true" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead columns={[{ label: t('recognition') }, { label: t('points'), end: true }, { label: t('frequency') }]} />
              <tbody>
                {rewards.data?.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-2 pr-4">
                      <Localized value={content(r, 'name')} className="font-medium text-slate-900" />
                      <Localized value={content(r, 'description')} className="block text-xs text-slate-500" />
                    </td>
                    <td className="py-2 pr-4 text-right font-semibold tabular-nums">{formatPoints(r.points)}</td>
                    <td className="py-2 text-slate-700">
                      {r.frequencyPeriod === 'activity'
                        ? t(`per.activity.${r.activityKind ?? 'activity'}`)
                        : t(`per.${r.frequencyPeriod}`, { count: r.frequencyLimit })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}

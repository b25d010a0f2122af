import type { Store } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useDashboard } from '../api/get-dashboard';
import { CreditsCard, OrdersByStatusCard, TopProductsCard, TopRecognitionsCard } from './dashboard-charts';
import { LowStockList } from './low-stock-list';
import { PeerFigures } from './peer-figures';
import { PointsFigures } from './points-figures';

/** The figures of one store, or of every store (`null`): loading, error, then cards, charts and low stock. */
export function DashboardView({ storeId, stores }: { storeId: number | null; stores: Store[] }) {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboard(storeId);
  if (dashboard.isPending)
    return (
      <div aria-busy="true" data-testid="dashboard-loading">
        <p className="sr-only" role="status">
          {t('loading')}
        </p>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div className="h-80 animate-pulse rounded-xl bg-slate-200" />
          <div className="h-80 animate-pulse rounded-xl bg-slate-200" />
        </div>
      </div>
    );
  if (dashboard.isError)
    return (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900" data-testid="dashboard-error">
        <p className="font-semibold">{t('error')}</p>
        <p className="mt-1">{errorText(t, dashboard.error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void dashboard.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const data = dashboard.data;
  // Every store: products and recognitions carry their store's name.
  const titles = new Map(stores.map((s) => [s.id, s.title]));
  const storeTitle = storeId === null ? (id: number) => titles.get(id) : undefined;
  return (
    <div className="space-y-4" data-testid="dashboard">
      <p className="text-sm text-slate-600" data-testid="dashboard-period">
        {t(data.period.from === data.period.programYear.from && data.period.to === data.period.programYear.to ? 'periodYear' : 'period', {
          from: formatDate(data.period.from, 'medium'),
          to: formatDate(data.period.to, 'medium'),
        })}
      </p>
      <PointsFigures data={data} />
      <PeerFigures data={data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <CreditsCard data={data} />
        <OrdersByStatusCard data={data} />
        <LowStockList data={data} storeTitle={storeTitle} />
        <TopProductsCard data={data} storeTitle={storeTitle} />
        <TopRecognitionsCard data={data} storeTitle={storeTitle} />
      </div>
    </div>
  );
}

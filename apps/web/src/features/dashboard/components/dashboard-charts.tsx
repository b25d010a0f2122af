import type { Dashboard } from '@rewards/shared/dashboard';
import { OrderStatus } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { markedText, useContent } from '@/components/ui/localized';
import { formatBucket } from '../format';
import { ChartCard } from './chart-card';
import { StatusChart, RankingChart, StackedChart } from './lazy-charts';
import { palette } from './palette';

const statusColors: Record<number, string> = {
  [OrderStatus.Pending]: palette.amber,
  [OrderStatus.InProgress]: palette.indigo,
  [OrderStatus.OnTheWay]: palette.sky,
  [OrderStatus.Completed]: palette.emerald,
  [OrderStatus.Canceled]: palette.rose,
};

/** A product or recognition, with its store when the dashboard shows every store. */
type StoreTitle = (storeId: number) => string | undefined;
const labelled = (name: string, storeId: number, storeTitle?: StoreTitle) => {
  const store = storeTitle?.(storeId);
  return store ? `${name} · ${store}` : name;
};

export function OrdersByStatusCard({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const rows = data.orders.byStatus.map((s) => ({
    status: s.status,
    label: t(`orders.status.${s.status}`, { ns: 'common' }),
    value: s.count,
    points: s.points,
    color: statusColors[s.status] ?? palette.violet,
  }));
  return (
    <ChartCard
      testId="chart-orders"
      title={t('charts.ordersByStatus')}
      isEmpty={data.orders.count === 0}
      chart={<StatusChart rows={rows} name={t('columns.orders')} format={formatPoints} />}
      table={{
        columns: [{ label: t('columns.status') }, { label: t('columns.orders'), end: true }, { label: t('columns.points'), end: true }],
        rows: [
          ...rows.map((r) => ({ key: r.status, cells: [r.label, formatPoints(r.value), formatPoints(r.points)] })),
          { key: 'total', cells: [t('columns.total'), formatPoints(data.orders.count), ''] },
        ],
      }}
    />
  );
}

export function CreditsCard({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const { bucket } = data.period;
  const rows = data.loadsOverTime.map((r) => ({ ...r, label: formatBucket(r.period, bucket, 'short') }));
  return (
    <ChartCard
      testId="chart-credits"
      className="lg:col-span-2"
      title={t(bucket === 'week' ? 'charts.creditsByWeek' : 'charts.creditsByMonth')}
      isEmpty={data.loadsOverTime.every((r) => r.load === 0 && r.challenge === 0 && r.recognition === 0)}
      chart={
        <StackedChart
          rows={rows}
          series={[
            { key: 'load', name: t('columns.loads'), color: palette.indigo },
            { key: 'challenge', name: t('columns.challenges'), color: palette.amber },
            { key: 'recognition', name: t('columns.peer'), color: palette.emerald },
          ]}
          format={formatPoints}
        />
      }
      table={{
        columns: [
          { label: t('columns.period') },
          { label: t('columns.loads'), end: true },
          { label: t('columns.challenges'), end: true },
          { label: t('columns.peer'), end: true },
          { label: t('columns.total'), end: true },
        ],
        rows: data.loadsOverTime.map((r) => ({
          key: r.period,
          cells: [
            bucket === 'week' ? t('weekOf', { date: formatBucket(r.period, bucket, 'long') }) : formatBucket(r.period, bucket, 'long'),
            formatPoints(r.load),
            formatPoints(r.challenge),
            formatPoints(r.recognition),
            formatPoints(r.load + r.challenge + r.recognition),
          ],
        })),
      }}
    />
  );
}

export function TopProductsCard({ data, storeTitle }: { data: Dashboard; storeTitle?: StoreTitle }) {
  const { t } = useTranslation('dashboard');
  const content = useContent();
  const rows = data.topProducts.map((p) => ({ ...p, label: labelled(markedText(content(p, 'name')), p.storeId, storeTitle) }));
  return (
    <ChartCard
      testId="chart-products"
      title={t('charts.topProducts')}
      isEmpty={rows.length === 0}
      chart={
        <RankingChart
          rows={rows.map((r) => ({ label: r.label, value: r.units }))}
          name={t('columns.units')}
          color={palette.emerald}
          format={formatPoints}
        />
      }
      table={{
        columns: [{ label: t('columns.product') }, { label: t('columns.units'), end: true }, { label: t('columns.points'), end: true }],
        rows: rows.map((r) => ({ key: r.productId, cells: [r.label, formatPoints(r.units), formatPoints(r.points)] })),
      }}
    />
  );
}

export function TopRecognitionsCard({ data, storeTitle }: { data: Dashboard; storeTitle?: StoreTitle }) {
  const { t } = useTranslation('dashboard');
  const content = useContent();
  const rows = data.topRecognitions.map((r) => ({ ...r, label: labelled(markedText(content(r, 'name')), r.storeId, storeTitle) }));
  return (
    <ChartCard
      testId="chart-recognitions"
      title={t('charts.topRecognitions')}
      isEmpty={rows.length === 0}
      chart={
        <RankingChart
          rows={rows.map((r) => ({ label: r.label, value: r.entries }))}
          name={t('columns.entries')}
          color={palette.violet}
          format={formatPoints}
        />
      }
      table={{
        columns: [
          { label: t('columns.recognition') },
          { label: t('columns.entries'), end: true },
          { label: t('columns.points'), end: true },
        ],
        rows: rows.map((r) => ({ key: r.rewardId, cells: [r.label, formatPoints(r.entries), formatPoints(r.points)] })),
      }}
    />
  );
}

import type { Dashboard } from '@rewards/shared/dashboard';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';

/** The headline figures: points issued, redeemed, expired and outstanding, active users, orders. */
export function PointsFigures({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const p = data.points;
  const n = formatPoints;
  const figures = [
    {
      key: 'issued',
      label: t('figures.issued'),
      value: n(p.issued),
      detail: t('figures.issuedDetail', {
        load: n(p.issuedByKind.load),
        challenge: n(p.issuedByKind.challenge),
        recognition: n(p.issuedByKind.recognition),
        celebration: n(p.issuedByKind.celebration),
        award: n(p.issuedByKind.award),
        adjustment: n(p.issuedByKind.adjustment),
      }),
    },
    {
      key: 'redeemed',
      label: t('figures.redeemed'),
      value: n(p.redeemed),
      detail: t('figures.redeemedDetail', { ordered: n(p.ordered), refunded: n(p.refunded) }),
    },
    {
      key: 'expired',
      label: t('figures.expired'),
      value: n(p.expired),
      detail: p.deducted > 0 ? t('figures.deducted', { deducted: n(p.deducted) }) : t('figures.expiredDetail'),
    },
    { key: 'outstanding', label: t('figures.outstanding'), value: n(p.outstanding), detail: t('figures.outstandingDetail') },
    {
      key: 'users',
      label: t('figures.activeUsers'),
      value: t('figures.activeUsersValue', { active: n(data.users.active), total: n(data.users.total) }),
      detail: t('figures.activeUsersDetail'),
    },
    { key: 'orders', label: t('figures.orders'), value: n(data.orders.count), detail: t('figures.ordersDetail') },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="dashboard-figures">
      {figures.map((f) => (
        <div
          key={f.key}
          className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid={`figure-${f.key}`}
        >
          <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`figure-${f.key}-value`}>
            {f.value}
          </dd>
          <dd className="mt-1 text-xs text-slate-600">{f.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

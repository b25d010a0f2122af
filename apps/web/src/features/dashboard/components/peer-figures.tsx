import type { Dashboard } from '@rewards/shared/dashboard';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { formatShare } from '../format';

/**
 * Peer recognition in the period (docs/architecture.md A6.16): the share of the store's people who gave,
 * the recognitions given (and add-ons), and the points they gave.
 */
export function PeerFigures({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const p = data.peer;
  const n = formatPoints;
  const figures = [
    {
      key: 'participation',
      label: t('peer.participation'),
      value: formatShare(p.giverShare),
      detail: t('peer.participationDetail', { givers: n(p.givers), people: n(p.people) }),
    },
    {
      key: 'recognitions',
      label: t('peer.recognitions'),
      value: n(p.recognitions),
      detail: t('peer.recognitionsDetail', { count: p.addons, formatted: n(p.addons) }),
    },
    { key: 'points', label: t('peer.points'), value: n(p.points), detail: t('peer.pointsDetail') },
  ];
  return (
    <section aria-labelledby="dashboard-peer-title" data-testid="dashboard-peer">
      <h2 id="dashboard-peer-title" className="mb-2 text-base font-semibold text-slate-900">
        {t('peer.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div
            key={f.key}
            className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-testid={`peer-figure-${f.key}`}
          >
            <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`peer-figure-${f.key}-value`}>
              {f.value}
            </dd>
            <dd className="mt-1 text-xs text-slate-600">{f.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

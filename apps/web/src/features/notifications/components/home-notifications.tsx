import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { HOME_NOTIFICATIONS_SHOWN, useLatestNotifications } from '../api/get-notifications';
import { NotificationEntry } from './notification-entry';

/** The home page's notifications block (docs/architecture.md P2): the latest few and a link to all of them. */
export function HomeNotifications() {
  const { t } = useTranslation('notifications');
  const latest = useLatestNotifications(true);
  const items = latest.data?.data.slice(0, HOME_NOTIFICATIONS_SHOWN) ?? [];
  return (
    <section className="mb-8" aria-labelledby="home-notifications" data-testid="home-notifications">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="home-notifications" className="text-lg font-semibold">
          {t('home.title')}
          {latest.data?.activeCount ? (
            <span className="ml-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white">{latest.data.activeCount}</span>
          ) : null}
        </h2>
        <Link to="/notifications" className="text-sm font-medium text-indigo-700 hover:underline">
          {t('menu.seeAll')}
        </Link>
      </div>
      {latest.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />
      ) : latest.isError ? (
        <p className="text-sm text-rose-700">{t('error')}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationEntry notification={n} compact />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

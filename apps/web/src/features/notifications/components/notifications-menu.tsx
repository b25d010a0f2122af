import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { BellIcon } from '@/components/ui/icons';
import { useDismiss } from '@/lib/use-dismiss';
import { useLatestNotifications } from '../api/get-notifications';
import { useLiveNotifications } from '../api/use-live-notifications';
import { NotificationEntry } from './notification-entry';

/**
 * The header's notifications icon: the count of active ones as a badge, a dropdown with the latest ones
 * and a "see all" link to /notifications. It also keeps the realtime connection of the signed-in user.
 */
export function NotificationsMenu({ userId }: { userId: number }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  useLiveNotifications(userId);
  const latest = useLatestNotifications(true);
  const count = latest.data?.activeCount ?? 0;
  const label = count ? t('menu.labelCount', { count }) : t('menu.label');

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={label}
        title={t('menu.label')}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="notifications-menu"
      >
        <BellIcon />
        {count ? (
          <span
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
            data-testid="badge-notifications"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          data-testid="notifications-dropdown"
        >
          <p className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-800">{t('menu.title')}</p>
          {latest.isPending ? (
            <p className="px-3 py-4 text-sm text-slate-600">{t('loading')}</p>
          ) : latest.isError ? (
            <p className="px-3 py-4 text-sm text-rose-700">{t('error')}</p>
          ) : latest.data.data.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">{t('empty')}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {latest.data.data.map((n) => (
                <li key={n.id}>
                  <NotificationEntry notification={n} compact onOpen={close} />
                </li>
              ))}
            </ul>
          )}
          <Link
            to="/notifications"
            className="block border-t border-slate-100 px-3 py-2 text-center text-sm font-medium text-indigo-700 hover:bg-slate-50"
            onClick={close}
            data-testid="notifications-see-all"
          >
            {t('menu.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}

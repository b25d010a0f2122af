import { useState } from 'react';
import { NOTIFICATIONS_PAGE_SIZE } from '@rewards/shared/pages';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Tabs } from '@/components/ui/tabs';
import { useRealtimeStatus, type RealtimeStatus } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsViewed } from '../api/mark-notification-viewed';
import { useLiveNotifications } from '../api/use-live-notifications';
import { NotificationEntry } from './notification-entry';

const dots: Record<RealtimeStatus, string> = {
  connecting: 'bg-amber-500 motion-safe:animate-pulse',
  online: 'bg-emerald-500',
  offline: 'bg-slate-400',
};

/**
 * The /notifications list: newest first, paged, all or only unseen; loading, empty and error states. It
 * keeps the realtime connection itself (shared with the header's menu), so its live indicator says
 * "connecting" until the connection is known, then "live", or "offline" only when it is.
 */
export function NotificationsList({ userId }: { userId: number | null }) {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<'all' | 'active'>('all');
  const list = useNotifications({ page, pageSize: NOTIFICATIONS_PAGE_SIZE, ...(filter === 'active' ? { active: true } : {}) });
  const markAll = useMarkAllNotificationsViewed();
  useLiveNotifications(userId);
  const status = useRealtimeStatus();

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Tabs
          label={t('filter.label')}
          selected={filter}
          onSelect={(v) => {
            setFilter(v as 'all' | 'active');
            setPage(1);
          }}
          tabs={[
            { id: 'all', label: t('filter.all') },
            { id: 'active', label: t('filter.active', { count: list.data?.activeCount ?? 0 }) },
          ]}
        />
        <div className="flex items-center gap-3">
          {/* As wide as its longest word, so the button beside it never moves when it changes. */}
          <span
            role="status"
            className="inline-flex min-w-28 items-center justify-end gap-1.5 text-xs text-slate-600"
            data-testid="realtime-status"
            data-status={status}
            data-online={status === 'online' ? '1' : '0'}
          >
            <span className={`h-2 w-2 rounded-full ${dots[status]}`} aria-hidden="true" />
            {{ connecting: t('connecting'), online: t('online'), offline: t('offline') }[status]}
          </span>
          <Button
            variant="secondary"
            disabled={!list.data?.activeCount || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: () => toast.success(t('allOpened')),
                onError: (err) => toast.error(errorText(t, err)),
              })
            }
          >
            {t('markAllSeen')}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <ul className="space-y-3" aria-busy="true" aria-label={t('loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </ul>
      ) : list.isError ? (
        <div className="rounded-xl border border-rose-200 bg-rose-50 p-6 text-rose-800" role="alert">
          <p>{t('error')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600" data-testid="notifications-empty">
          {filter === 'active' ? t('emptyActive') : t('empty')}
        </p>
      ) : (
        <>
          <ul className="space-y-3" data-testid="notifications-list">
            {list.data.data.map((n) => (
              <li key={n.id}>
                <NotificationEntry notification={n} />
              </li>
            ))}
          </ul>
          <Pagination page={list.data.page} totalPages={list.data.totalPages} onChange={setPage} />
        </>
      )}
    </div>
  );
}

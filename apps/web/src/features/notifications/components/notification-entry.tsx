import { Link } from 'react-router';
import { describeNotification, notificationLink } from '@rewards/shared/notification-text';
import type { Language } from '@rewards/shared/enums';
import type { Notification } from '@rewards/shared/notifications';
import { useTranslation } from '@/lib/use-translation';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useMarkNotificationViewed } from '../api/mark-notification-viewed';

/** The text of a notification in the reader's language, from its item type and what it refers to. */
export function useNotificationText() {
  const { t, i18n } = useTranslation('notifications');
  return (n: Notification) => {
    // Content quoted in both languages (a product's name, a challenge's title) comes in the reader's.
    const text = describeNotification(n, i18n.language as Language);
    if (text.key === 'orderStatus') {
      return t('text.orderStatus', { id: text.values.id, status: t(`common:orders.status.${text.values.status}`) });
    }
    return t(`text.${text.key}`, text.values);
  };
}

/**
 * One notification: its text, type and date, a link to where it leads (opening it marks it as seen)
 * and, while active, a "mark as seen" button.
 */
export function NotificationEntry({
  notification: n,
  compact = false,
  onOpen,
}: {
  notification: Notification;
  compact?: boolean;
  onOpen?: () => void;
}) {
  const { t } = useTranslation('notifications');
  const text = useNotificationText();
  const markViewed = useMarkNotificationViewed();
  const unseen = n.active === 1;

  function mark(announce: boolean) {
    markViewed.mutate(n.id, {
      onSuccess: () => announce && toast.success(t('opened')),
      onError: (err) => toast.error(errorText(t, err)),
    });
  }

  return (
    <div
      className={`flex items-start gap-3 ${compact ? 'px-3 py-2' : 'rounded-xl border border-slate-200 bg-white p-4'} ${unseen ? '' : 'opacity-75'}`}
      data-testid="notification"
      data-active={unseen ? '1' : '0'}
    >
      <span
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unseen ? 'bg-rose-600' : 'bg-slate-300'}`}
        aria-label={unseen ? t('unseen') : t('seen')}
        role="img"
      />
      <div className="min-w-0 flex-1">
        <Link
          to={notificationLink(n)}
          className={`block text-sm text-slate-900 hover:text-indigo-800 hover:underline ${unseen ? 'font-semibold' : ''}`}
          onClick={() => {
            if (unseen) mark(true);
            onOpen?.();
          }}
        >
          {text(n)}
        </Link>
        <p className="mt-0.5 text-xs text-slate-600">
          <span className="font-medium">{t(`types.${n.itemType}`)}</span> ·{' '}
          <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
        </p>
      </div>
      {unseen && (
        <button
          type="button"
          className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50"
          disabled={markViewed.isPending}
          onClick={() => mark(true)}
          data-testid="mark-seen"
        >
          {t('markSeen')}
        </button>
      )}
    </div>
  );
}

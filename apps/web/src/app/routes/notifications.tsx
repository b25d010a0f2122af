import { useTranslation } from '@/lib/use-translation';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { NOTIFICATIONS_PAGE_SIZE, NotificationsList } from '@/features/notifications/components/notifications-list';
import { Page } from '@/components/ui/page';
import i18n from '@/lib/i18n';
import type { FirstData } from '../first-data';

export const firstData: FirstData = ({ queryClient, user }) =>
  Promise.all([
    i18n.loadNamespaces('notifications'),
    user && queryClient.prefetchQuery(notificationsQueryOptions({ page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE })),
  ]);

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('title')}>
      <NotificationsList />
    </Page>
  );
}

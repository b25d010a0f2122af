import { NOTIFICATIONS_PAGE_SIZE } from '@rewards/shared/pages';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) =>
  user && queryClient.prefetchQuery(notificationsQueryOptions({ page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE }));

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const session = useSession();
  return (
    <Page title={t('title')}>
      <NotificationsList userId={session.data?.id ?? null} />
    </Page>
  );
}

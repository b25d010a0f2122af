import { useTranslation } from 'react-i18next';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { Page } from '@/components/ui/page';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('title')}>
      <NotificationsList />
    </Page>
  );
}

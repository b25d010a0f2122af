import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notifications.title')}>
      <NotYetAvailable text={t('pages.notifications.soon')} />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.orders.title')}>
      <NotYetAvailable text={t('pages.orders.soon')} />
    </Page>
  );
}

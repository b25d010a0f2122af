import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function MyOrdersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.myOrders.title')}>
      <NotYetAvailable text={t('pages.myOrders.soon')} />
    </Page>
  );
}

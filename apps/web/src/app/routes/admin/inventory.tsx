import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminInventoryPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.inventory.title')}>
      <NotYetAvailable text={t('pages.inventory.soon')} />
    </Page>
  );
}

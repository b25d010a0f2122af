import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.product.title')}>
      <NotYetAvailable text={t('pages.product.soon')} />
    </Page>
  );
}

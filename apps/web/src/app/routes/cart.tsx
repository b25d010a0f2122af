import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function CartPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.cart.title')}>
      <NotYetAvailable text={t('pages.cart.soon')} />
    </Page>
  );
}

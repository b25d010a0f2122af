import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function WishlistPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.wishlist.title')}>
      <NotYetAvailable text={t('pages.wishlist.soon')} />
    </Page>
  );
}

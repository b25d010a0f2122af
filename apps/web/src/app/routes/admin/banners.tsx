import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminBannersPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.banners.title')}>
      <NotYetAvailable text={t('pages.banners.soon')} />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function MyProfilePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.myProfile.title')}>
      <NotYetAvailable text={t('pages.myProfile.soon')} />
    </Page>
  );
}

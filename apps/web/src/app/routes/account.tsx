import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.account.title')}>
      <NotYetAvailable text={t('pages.account.soon')} />
    </Page>
  );
}

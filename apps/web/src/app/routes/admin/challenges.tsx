import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminChallengesPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.challenges.title')}>
      <NotYetAvailable text={t('pages.challenges.soon')} />
    </Page>
  );
}

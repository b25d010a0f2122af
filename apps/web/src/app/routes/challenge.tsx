import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function ChallengePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.challenge.title')}>
      <NotYetAvailable text={t('pages.challenge.soon')} />
    </Page>
  );
}

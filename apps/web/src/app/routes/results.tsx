import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function ResultsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.results.title')}>
      <NotYetAvailable text={t('pages.results.soon')} />
    </Page>
  );
}

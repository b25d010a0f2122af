import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminLoadsPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.loads.title')}>
      <NotYetAvailable text={t('pages.loads.soon')} />
    </Page>
  );
}

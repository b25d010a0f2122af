import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function AdminRewardsPage() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('pages.rewards.title')}>
      <NotYetAvailable text={t('pages.rewards.soon')} />
    </Page>
  );
}

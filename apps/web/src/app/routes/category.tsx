import { useTranslation } from 'react-i18next';
import { NotYetAvailable, Page } from '@/components/ui/page';

export default function CategoryPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.category.title')}>
      <NotYetAvailable text={t('pages.category.soon')} />
    </Page>
  );
}

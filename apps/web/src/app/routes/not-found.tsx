import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Page } from '@/components/ui/page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p className="mb-4 text-slate-600">{t('notFound.text')}</p>
      <Link to="/" className="font-semibold text-indigo-700 hover:underline">
        {t('notFound.home')}
      </Link>
    </Page>
  );
}

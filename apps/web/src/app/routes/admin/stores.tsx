import { Link } from 'react-router';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { StoresPanel } from '@/features/stores/components/stores-panel';
import { Page } from '@/components/ui/page';

/** /admin/stores: the company's stores (offices), for super administrators. */
export default function AdminStoresPage() {
  const { t } = useTranslation('stores');
  const session = useSession();
  if (session.data?.role !== Role.SuperAdmin) {
    return (
      <Page title={t('title')}>
        <p className="text-slate-700">{t('superOnly')}</p>
        <Link to="/admin/" className="mt-3 inline-block font-medium text-indigo-700 underline">
          {t('back')}
        </Link>
      </Page>
    );
  }
  return (
    <Page title={t('title')}>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-slate-600">{t('help')}</p>
      <StoresPanel />
    </Page>
  );
}

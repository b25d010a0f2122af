import { Link } from 'react-router';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { AuditPanel } from '@/features/audit/components/audit-panel';
import { Page } from '@/components/ui/page';

/** /admin/audit: the tamper-evident audit log (docs/architecture.md A6.19), for super administrators. */
export default function AdminAuditPage() {
  const { t } = useTranslation('audit');
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
      <AuditPanel />
    </Page>
  );
}

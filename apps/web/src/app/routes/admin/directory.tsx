import { Link, useSearchParams } from 'react-router';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { DirectoryPanel, directoryTabs, type DirectoryTab } from '@/features/directory/components/directory-panel';
import { Page } from '@/components/ui/page';

/**
 * /admin/directory?tab=: the company directory (docs/architecture.md A6.18), for super administrators: its SCIM
 * connections, the sync of a people file, and the audit list of what both changed.
 */
export default function AdminDirectoryPage() {
  const { t } = useTranslation('directory');
  const session = useSession();
  const [search, setSearch] = useSearchParams();
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
  const asked = search.get('tab');
  const tab: DirectoryTab = directoryTabs.includes(asked as DirectoryTab) ? (asked as DirectoryTab) : 'connections';
  return (
    <Page title={t('title')}>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-slate-600">{t('help')}</p>
      <DirectoryPanel tab={tab} onTab={(next) => setSearch(next === 'connections' ? {} : { tab: next }, { replace: true })} />
    </Page>
  );
}

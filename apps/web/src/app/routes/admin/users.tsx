import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { useAdminStoreList } from '@/features/stores/api/get-admin-stores';
import { UsersPanel } from '@/features/users/components/users-panel';
import { UserPeerActions } from '@/features/peer/components/user-peer-actions';
import { Page } from '@/components/ui/page';

/** /admin/users/: the users of the stores one runs (every store for a super administrator); peer recognition adds each row's manager and allowance boost. */
export default function AdminUsersPage() {
  // The rows' peer recognition action speaks 'peer': its texts load with the page's, so the page does not give
  // way to the loading frame (and lose what was typed in its search box meanwhile) when the first rows arrive.
  const { t } = useTranslation(['users', 'peer']);
  const session = useSession();
  const user = session.data;
  // Inactive stores too: their users still need managing.
  const stores = useAdminStoreList({ status: 'all', pageSize: 100 }, Boolean(user));
  const all = stores.data?.data ?? [];
  const mine = user?.role === Role.SuperAdmin ? all : all.filter((s) => user?.adminStores.includes(s.id));
  return (
    <Page title={t('title')}>
      {user && (
        <UsersPanel
          viewer={{ id: user.id, role: user.role, adminStores: user.adminStores }}
          stores={mine}
          rowActions={(u) => <UserPeerActions user={{ id: u.id, name: [u.name, u.lastName].filter(Boolean).join(' ') }} />}
        />
      )}
    </Page>
  );
}

import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { useStores } from '@/features/stores/api/get-stores';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';
import { Page } from '@/components/ui/page';

/**
 * /admin/webhooks: signed webhooks (docs/architecture.md A6.19) for the stores an administrator runs, and
 * for every store for super administrators: endpoints, their secret shown once, deliveries and redelivery.
 */
export default function AdminWebhooksPage() {
  const { t } = useTranslation('webhooks');
  const session = useSession();
  const superAdmin = session.data?.role === Role.SuperAdmin;
  const all = useStores().data?.data ?? [];
  const stores = superAdmin ? all : all.filter((s) => session.data?.adminStores.includes(s.id));
  return (
    <Page title={t('title')}>
      <WebhooksPanel stores={stores} superAdmin={superAdmin} />
    </Page>
  );
}

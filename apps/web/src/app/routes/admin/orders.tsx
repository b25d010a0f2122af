import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { AdminOrderDetail } from '@/features/orders/components/admin-order-detail';
import { AdminOrderList } from '@/features/orders/components/admin-order-list';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';

/** /admin/orders (filters, paging) and /admin/orders/{id} (the order, its timeline, its moves, edit, archive and delete). */
export default function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const navigate = useNavigate();
  const stores = useAdminStores();
  if (id)
    return (
      <Page
        title={t('orders.one', { id: Number(id) })}
        actions={
          <Link to="/admin/orders" className="text-sm font-semibold text-indigo-700 hover:underline">
            ← {t('orders.back')}
          </Link>
        }
      >
        <AdminOrderDetail id={Number(id)} onDeleted={() => void navigate('/admin/orders')} />
      </Page>
    );
  return (
    <Page title={t('pages.orders.title')}>
      <AdminOrderList stores={stores} />
    </Page>
  );
}

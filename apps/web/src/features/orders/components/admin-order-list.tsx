import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { markedText, useContent } from '@/components/ui/localized';
import { Pagination } from '@/components/ui/pagination';
import { useErrorText } from '@/lib/error-text';
import { useAdminOrders, type AdminOrderFilters as Filters } from '../api/get-admin-orders';
import { AdminOrderFilters } from './admin-order-filters';
import { OrderActions } from './order-actions';
import { OrderAdminTools } from './order-admin-tools';
import { OrderHeader } from './order-header';

/** /admin/orders: the filters (archived ones on request), the orders with their moves and administration, and paging. */
export function AdminOrderList({ stores }: { stores: { id: number; title: string }[] }) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const errorText = useErrorText();
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const orders = useAdminOrders(filters);
  return (
    <>
      <AdminOrderFilters filters={filters} stores={stores} onChange={(patch) => setFilters((f) => ({ ...f, ...patch, page: 1 }))} />
      {orders.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {orders.isError && (
        <p role="alert" className="text-rose-700">
          {errorText(orders.error)}
        </p>
      )}
      {orders.data?.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('orders.none')}</p>
      )}
      <ul className="space-y-3" aria-busy={orders.isFetching}>
        {orders.data?.data.map((o) => (
          <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-order" data-order-id={o.id}>
            <OrderHeader order={o} link />
            <p className="mt-1 text-sm text-slate-700">
              {o.lines.map((l) => `${markedText(content(l, 'name'))} × ${l.quantity}`).join(' · ')}
            </p>
            <OrderActions order={o} />
            <OrderAdminTools order={o} />
          </li>
        ))}
      </ul>
      {orders.data && (
        <Pagination page={orders.data.page} totalPages={orders.data.totalPages} onChange={(page) => setFilters((f) => ({ ...f, page }))} />
      )}
    </>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { Localized, useContent } from '@/components/ui/localized';
import { TableHead } from '@/components/ui/table';
import { useErrorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { useOrder } from '../api/get-order';
import { useOrderTracking } from '../api/get-order-tracking';
import { OrderActions } from './order-actions';
import { OrderAdminTools } from './order-admin-tools';
import { OrderHeader } from './order-header';
import { OrderTimeline } from './order-timeline';

/** /admin/orders/{id}: the order, its lines, its comment, its timeline (with edits), its moves and its administration. */
export function AdminOrderDetail({ id, onDeleted }: { id: number; onDeleted?: () => void }) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const errorText = useErrorText();
  const order = useOrder(id);
  // Read once the order is there: a missing order is said once, not twice.
  const tracking = useOrderTracking(id, { enabled: order.isSuccess });
  return (
    <>
      {order.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {order.isError && (
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {errorText(order.error)}
        </p>
      )}
      {order.data && (
        <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="admin-order">
          <OrderHeader order={order.data} />
          <table className="mt-4 w-full text-left text-sm">
            <TableHead
              columns={[
                { label: t('orders.product') },
                { label: t('orders.quantity'), end: true },
                { label: t('orders.points'), end: true },
              ]}
            />
            <tbody>
              {order.data.lines.map((l) => (
                <tr key={l.id} className="border-b border-slate-100 last:border-0">
                  <Localized as="td" value={content(l, 'name')} className="py-2" />
                  <td className="py-2 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-2 text-right tabular-nums">{formatPoints(l.price * l.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {order.data.comment && (
            <p className="mt-3 text-sm text-slate-700">
              <span className="font-semibold">{t('orders.edit.comment')}:</span> “{order.data.comment}”
            </p>
          )}
          <h3 className="mt-5 mb-2 font-semibold">{t('orders.timeline')}</h3>
          {tracking.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {errorText(tracking.error)}
            </p>
          )}
          {tracking.data && <OrderTimeline steps={tracking.data} label={t('orders.timeline')} />}
          <OrderActions order={order.data} />
          <OrderAdminTools order={order.data} onDeleted={onDeleted} />
        </section>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { TableHead } from '@/components/ui/table';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useOrder } from '../api/get-order';
import { OrderActions } from './order-actions';
import { OrderHeader } from './order-header';

/** /admin/orders/{id}: the order, its lines, its timeline and its moves. */
export function AdminOrderDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const order = useOrder(id);
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
                  <td className="py-2">{l.name}</td>
                  <td className="py-2 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-2 text-right tabular-nums">{formatPoints(l.price * l.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="mt-5 mb-2 font-semibold">{t('orders.timeline')}</h3>
          <ol className="space-y-2 border-l-2 border-indigo-100 pl-4 text-sm" aria-label={t('orders.timeline')}>
            {order.data.tracking.map((step) => (
              <li key={step.id}>
                <span className="font-semibold text-slate-900">{t(`orders.status.${step.status}`, { ns: 'common' })}</span>
                <span className="text-slate-600"> · {formatDateTime(step.createdAt)}</span>
                {step.cause && step.cause !== 'created' && (
                  <span className="block text-slate-700">{t('orders.causeIs', { cause: step.cause })}</span>
                )}
                {step.comment && <span className="block text-slate-700">“{step.comment}”</span>}
              </li>
            ))}
          </ol>
          <OrderActions order={order.data} />
        </section>
      )}
    </>
  );
}

import { Link } from 'react-router';
import type { Order } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { formatDateTime, formatPoints } from '@/lib/format';
import { OrderStatusBadge } from './order-status-badge';

/** An order's number (a link to its page in the list), status, customer, date and total. */
export function OrderHeader({ order, link = false }: { order: Order; link?: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <h2 className="font-semibold">
        {link ? (
          <Link to={`/admin/orders/${order.id}`} className="text-indigo-700 hover:underline">
            {t('orders.one', { id: order.id })}
          </Link>
        ) : (
          t('orders.one', { id: order.id })
        )}
      </h2>
      <OrderStatusBadge status={order.status} testId="admin-order-status" />
      <span className="text-sm text-slate-800">
        {order.customer.name} <span className="text-slate-500">· {order.customer.email}</span>
      </span>
      <span className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</span>
      <span className="ml-auto font-bold tabular-nums">{formatPoints(order.total)}</span>
    </div>
  );
}

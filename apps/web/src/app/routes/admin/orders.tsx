import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { orderMoves, type Order } from '@rewards/shared/orders';
import { useSession } from '@/features/auth/api/get-session';
import { useAdminOrders, useMoveOrder, useOrder, type AdminOrderFilters } from '@/features/orders/api/orders';
import { useStores } from '@/features/stores/api/get-stores';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { TableHead } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';

/** /admin/orders (filters, paging) and /admin/orders/{id} (the order, its timeline and its moves). */
export default function AdminOrdersPage() {
  const { id } = useParams();
  return id ? <OrderDetail id={Number(id)} /> : <OrderList />;
}

const input = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';

function OrderList() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const stores = useStores();
  const [filters, setFilters] = useState<AdminOrderFilters>({ page: 1 });
  const [search, setSearch] = useState('');
  const orders = useAdminOrders(filters);
  const set = (patch: Partial<AdminOrderFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const user = session.data;
  const myStores = (stores.data?.data ?? []).filter((s) => user?.role === 3 || user?.adminStores.includes(s.id));
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <Page title={t('pages.orders.title')}>
      <form
        className="mb-4 flex flex-wrap items-end gap-3 text-sm"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search: search.trim() || undefined });
        }}
      >
        <label className="flex flex-col gap-1">
          {t('orders.customer')}
          <span className="flex gap-2">
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('orders.customerPlaceholder')}
              className={`${input} w-56`}
              maxLength={100}
            />
            <Button type="submit" variant="secondary" className="py-1.5">
              {t('users.searchButton')}
            </Button>
          </span>
        </label>
        <label className="flex flex-col gap-1">
          {t('inventory.status')}
          <select className={input} value={filters.status ?? ''} onChange={(e) => set({ status: Number(e.target.value) || undefined })}>
            <option value="">{t('inventory.anyStatus')}</option>
            {[1, 2, 3, 4, 5].map((s) => (
              <option key={s} value={s}>
                {t(`orders.status.${s}`, { ns: 'common' })}
              </option>
            ))}
          </select>
        </label>
        {myStores.length > 1 && (
          <label className="flex flex-col gap-1">
            {t('orders.store')}
            <select className={input} value={filters.storeId ?? ''} onChange={(e) => set({ storeId: Number(e.target.value) || undefined })}>
              <option value="">{t('orders.allStores')}</option>
              {myStores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="flex flex-col gap-1">
            {t(`orders.${end}Date`)}
            <input
              type="date"
              className={input}
              value={filters[end] ?? ''}
              aria-invalid={badRange || undefined}
              onChange={(e) => set({ [end]: e.target.value || undefined })}
            />
          </label>
        ))}
        {badRange && (
          <p role="alert" className="font-medium text-rose-700">
            {t('orders.badRange')}
          </p>
        )}
      </form>
      {orders.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {orders.isError && (
        <p role="alert" className="text-rose-700">
          {t(`errors:${orders.error instanceof ApiError ? orders.error.code : 'INTERNAL_ERROR'}`)}
        </p>
      )}
      {orders.data?.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('orders.none')}</p>
      )}
      <ul className="space-y-3" aria-busy={orders.isFetching}>
        {orders.data?.data.map((o) => (
          <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-order">
            <OrderHeader order={o} link />
            <p className="mt-1 text-sm text-slate-700">{o.lines.map((l) => `${l.name} × ${l.quantity}`).join(' · ')}</p>
            <OrderActions order={o} />
          </li>
        ))}
      </ul>
      {orders.data && (
        <Pagination page={orders.data.page} totalPages={orders.data.totalPages} onChange={(page) => setFilters((f) => ({ ...f, page }))} />
      )}
    </Page>
  );
}

function OrderHeader({ order, link = false }: { order: Order; link?: boolean }) {
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
      <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800" data-testid="admin-order-status">
        {t(`orders.status.${order.status}`, { ns: 'common' })}
      </span>
      <span className="text-sm text-slate-800">
        {order.customer.name} <span className="text-slate-500">· {order.customer.email}</span>
      </span>
      <span className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</span>
      <span className="ml-auto font-bold tabular-nums">{formatPoints(order.total)}</span>
    </div>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const order = useOrder(id);
  return (
    <Page
      title={t('orders.one', { id })}
      actions={
        <Link to="/admin/orders" className="text-sm font-semibold text-indigo-700 hover:underline">
          ← {t('orders.back')}
        </Link>
      }
    >
      {order.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {order.isError && (
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {t(`errors:${order.error instanceof ApiError ? order.error.code : 'INTERNAL_ERROR'}`)}
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
    </Page>
  );
}

/** The moves an order allows from its status, a comment for the customer, and cancel with a reason. */
function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const move = useMoveOrder();
  const [comment, setComment] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [cause, setCause] = useState('');
  const moves = orderMoves[order.status] ?? [];
  if (moves.length === 0) return null;

  async function moveTo(to: number, reason?: string) {
    try {
      await move.mutateAsync({ id: order.id, status: to, comment, cause: reason });
      toast.success(t('orders.moved', { status: t(`orders.status.${to}`, { ns: 'common' }) }));
      setComment('');
      setCancelling(false);
      setCause('');
    } catch (err) {
      toast.error(t(`errors:${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`));
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <label className="min-w-48 flex-1">
        <span className="sr-only">{t('orders.comment')}</span>
        <input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={t('orders.comment')}
          maxLength={1000}
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </label>
      {moves.map((to) =>
        to === 5 ? (
          <Button key={to} variant="ghost" className="text-rose-700" onClick={() => setCancelling(true)}>
            {t('orders.cancel')}
          </Button>
        ) : (
          <Button key={to} variant="secondary" disabled={move.isPending} onClick={() => void moveTo(to)}>
            {t(`orders.to.${to}`)}
          </Button>
        ),
      )}
      <Dialog open={cancelling} title={t('orders.cancelTitle')} onClose={() => setCancelling(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (cause.trim().length >= 3) void moveTo(5, cause.trim());
          }}
          className="space-y-4"
        >
          <p className="text-sm text-slate-700">{t('orders.cancelMessage')}</p>
          <label className="block text-sm font-medium text-slate-800">
            {t('orders.cause')}
            <input
              value={cause}
              onChange={(e) => setCause(e.target.value)}
              required
              minLength={3}
              maxLength={200}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
              data-testid="cancel-cause"
            />
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setCancelling(false)}>
              {t('orders.keep')}
            </Button>
            <Button type="submit" variant="danger" disabled={move.isPending || cause.trim().length < 3} data-testid="confirm-button">
              {t('orders.cancel')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
